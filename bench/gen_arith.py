#!/usr/bin/env python3
"""Generates the canonicalize+cse benchmark input: FUNCS functions of OPS
arith ops each (plus the return), deterministic (seeded), in MLIR's custom
syntax, so that both strata-opt and mlir-opt 22 accept it.

Each function computes a chain: every arithmetic op takes the previous
chain value and a second operand (an earlier value or a constant), so most
of the work stays live. Around it, in proportions that give both passes
work to do:
  - constants drawn from a small set, repeated: de-duplicated and hoisted
    by canonicalize;
  - exact recomputations of recent expressions, used by the chain: cse;
  - identities (x + 0, x * 1, x | 0, x ^ x, x - x, x & x, max(x, x)) and
    arithmetic on constants only: folded by canonicalize;
  - side values nobody reads: erased as dead code.

    gen_arith.py --funcs 200 --ops 1000 [--seed 1] -o out.mlir
"""

import argparse
import random

# Ops whose MLIR canonicalizations are plain folds (no reassociation).
CHAIN_OPS = ["addi", "muli", "maxsi", "minsi", "ori", "addi"]
CONSTANTS = [3, 5, 7, 9, 12, 42, 100, -3]
TY = "i32"


def function(out, rng, index, ops):
    out.append(
        f"func.func @f{index}(%arg0: {TY}, %arg1: {TY}, %arg2: {TY}, %arg3: {TY}) -> {TY} {{"
    )
    pool = ["%arg0", "%arg1", "%arg2", "%arg3"]
    exprs = []  # (op, lhs, rhs) already emitted, for recomputation
    n = 0

    def emit(text):
        nonlocal n
        name = f"%v{n}"
        n += 1
        out.append(f"  {name} = {text}")
        return name

    def const(value):
        return emit(f"arith.constant {value} : {TY}")

    def chain(op, rhs):
        lhs = pool[-1]
        exprs.append((op, lhs, rhs))
        pool.append(emit(f"arith.{op} {lhs}, {rhs} : {TY}"))

    while n < ops - 3:
        r = rng.random()
        if r < 0.40:
            # The chain, with an earlier value (recent ones more often).
            back = rng.randrange(2, min(8, len(pool)) + 1)
            chain(rng.choice(CHAIN_OPS), pool[-back])
        elif r < 0.55:
            # The chain, with a (repeated) constant.
            chain(rng.choice(["addi", "muli", "ori", "maxsi"]), const(rng.choice(CONSTANTS)))
        elif r < 0.68 and exprs:
            # A recomputation (cse), then the chain reads it.
            op, lhs, rhs = exprs[rng.randrange(max(0, len(exprs) - 8), len(exprs))]
            again = emit(f"arith.{op} {lhs}, {rhs} : {TY}")
            chain("addi", again)
        elif r < 0.80:
            # An identity on the chain value.
            x = pool[-1]
            kind = rng.randrange(7)
            if kind < 3:
                c = const((0, 1, 0)[kind])
                pool.append(emit(f"arith.{('addi', 'muli', 'ori')[kind]} {x}, {c} : {TY}"))
            elif kind < 5:
                zero = emit(f"arith.{('xori', 'subi')[kind - 3]} {x}, {x} : {TY}")
                chain("addi", zero)
            else:
                pool.append(emit(f"arith.{('andi', 'maxsi')[kind - 5]} {x}, {x} : {TY}"))
        elif r < 0.90:
            # Arithmetic on constants only, folded; the chain reads it.
            a = const(rng.choice(CONSTANTS))
            b = const(rng.choice(CONSTANTS))
            folded = emit(f"arith.{rng.choice(['addi', 'muli', 'subi', 'xori'])} {a}, {b} : {TY}")
            chain("maxsi", folded)
        else:
            # A side value nobody reads.
            emit(f"arith.muli {pool[rng.randrange(len(pool))]}, {pool[-1]} : {TY}")
    while n < ops:
        emit(f"arith.constant 1 : {TY}")
    out.append(f"  return {pool[-1]} : {TY}")
    out.append("}")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--funcs", type=int, default=200)
    p.add_argument("--ops", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("-o", "--output", required=True)
    a = p.parse_args()
    rng = random.Random(a.seed)
    out = []
    for i in range(a.funcs):
        function(out, rng, i, a.ops)
    with open(a.output, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
