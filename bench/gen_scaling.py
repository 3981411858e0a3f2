#!/usr/bin/env python3
"""Generates the inputs of bench/scaling.sh whose size is in one region:

    blocks   one function of N chained blocks, each adding its argument to
             itself and branching to the next (`// pred:` comments, block
             arguments, the cf canonicalization patterns' block merging);
    switch   one function whose `cf.switch` has N cases (successor operand
             segments, `// N preds:` comments, switch canonicalization).

The functions-with-symbol-references input is bench/gen_symbols.py's.
Both tools accept the output (MLIR's custom syntax).

    gen_scaling.py blocks --n 100000 -o out.mlir
"""

import argparse


def blocks(n):
    lines = ["func.func @chain(%arg0: i32) -> i32 {", "  cf.br ^bb1(%arg0 : i32)"]
    for i in range(1, n):
        lines += [
            f"^bb{i}(%x{i}: i32):",
            f"  %y{i} = arith.addi %x{i}, %x{i} : i32",
            f"  cf.br ^bb{i + 1}(%y{i} : i32)",
        ]
    lines += [f"^bb{n}(%x{n}: i32):", f"  return %x{n} : i32", "}"]
    return "\n".join(lines) + "\n"


def switch(n):
    cases = ",\n".join(f"    {i}: ^bb{2 + i % 2}(%arg0 : i32)" for i in range(n))
    return (
        "func.func @dispatch(%flag: i32, %arg0: i32) -> i32 {\n"
        "  cf.switch %flag : i32, [\n"
        "    default: ^bb1,\n"
        f"{cases}\n"
        "  ]\n"
        "^bb1:\n  return %arg0 : i32\n"
        "^bb2(%a: i32):\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n"
        "^bb3(%b: i32):\n  %1 = arith.muli %b, %b : i32\n  return %1 : i32\n"
        "}\n"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kind", choices=["blocks", "switch"])
    parser.add_argument("--n", type=int, required=True, help="blocks or switch cases")
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args()
    with open(args.output, "w") as f:
        f.write({"blocks": blocks, "switch": switch}[args.kind](args.n))


if __name__ == "__main__":
    main()
