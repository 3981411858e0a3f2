#!/usr/bin/env python3
"""Generates the symbol-use verification benchmark input: N private
function declarations and N public functions, function i calling
declaration i (a func.call and a func.constant of it), in MLIR's custom
syntax, so that both strata-opt and mlir-opt 22 accept it.

Verifying the module resolves 2N symbol references in a table of 2N
symbols: linear with a symbol table built once per table (MLIR's
SymbolTableCollection), quadratic when every reference scans the table.

    gen_symbols.py --n 4000 -o out.mlir
"""

import argparse


def generate(n):
    lines = ["module {"]
    for i in range(n):
        lines.append(f"  func.func private @decl{i}(i32) -> i32")
    for i in range(n):
        lines += [
            f"  func.func @user{i}(%arg0: i32) -> i32 {{",
            f"    %0 = call @decl{i}(%arg0) : (i32) -> i32",
            f"    %f = constant @decl{i} : (i32) -> i32",
            f"    %1 = call_indirect %f(%0) : (i32) -> i32",
            f"    return %1 : i32",
            "  }",
        ]
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, required=True, help="declarations (and callers)")
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args()
    with open(args.output, "w") as f:
        f.write(generate(args.n))


if __name__ == "__main__":
    main()
