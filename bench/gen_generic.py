#!/usr/bin/env python3
"""Generate the parse/print benchmark input: MLIR generic form, unregistered ops.

    "builtin.module"() ({
      "test.func"() ({
      ^bb0(%arg0: i32, %arg1: i32):
        %0 = "test.addi"(%arg0, %arg1) : (i32, i32) -> i32 loc("b.mlir":4:5)
        ...
        "test.return"(%999) : (i32) -> () loc(...)
      }) {sym_name = "f0"} : () -> () loc(...)
      ... (200 functions)
    }) : () -> ()

Default: 200 functions x 1000 binary ops = 200,000 `test.addi` ops (plus 200
`test.func` and 200 `test.return`), about 14.6 MB; needs
--allow-unregistered-dialect. Operands are chosen deterministically (a fixed
xorshift generator, independent of Python's `random`): one from the 16 most
recent values, one from any earlier value, so use-lists have realistic shapes.
"""

import argparse
import sys


class XorShift32:
    def __init__(self, seed):
        self.s = (seed or 1) & 0xFFFFFFFF

    def next(self):
        x = self.s
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.s = x
        return x

    def below(self, n):
        return self.next() % n


def generate(out, funcs, ops, seed, locs, filename):
    rng = XorShift32(seed)
    line = 1

    def emit(text, col):
        nonlocal line
        if locs:
            out.write('%s loc("%s":%d:%d)\n' % (text, filename, line, col))
        else:
            out.write(text + "\n")
        line += 1

    out.write('"builtin.module"() ({\n')
    line += 1
    for f in range(funcs):
        out.write('  "test.func"() ({\n')
        out.write("  ^bb0(%arg0: i32, %arg1: i32):\n")
        line += 2
        names = ["%arg0", "%arg1"]
        for i in range(ops):
            n = len(names)
            a = names[n - 1 - rng.below(min(n, 16))]
            b = names[rng.below(n)]
            emit('    %%%d = "test.addi"(%s, %s) : (i32, i32) -> i32' % (i, a, b), 5)
            names.append("%%%d" % i)
        emit('    "test.return"(%s) : (i32) -> ()' % names[-1], 5)
        emit('  }) {sym_name = "f%d"} : () -> ()' % f, 3)
    out.write("}) : () -> ()\n")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-o", "--output", default="-", help="output file (default: stdout)")
    p.add_argument("--funcs", type=int, default=200, help="number of test.func regions (200)")
    p.add_argument("--ops", type=int, default=1000, help="binary ops per region (1000)")
    p.add_argument("--seed", type=int, default=0x5EED, help="generator seed")
    p.add_argument("--no-locs", dest="locs", action="store_false",
                   help="omit loc(...) (file shrinks to ~11 MB)")
    p.add_argument("--loc-file", default="b.mlir", help="file name in the loc(...)s")
    args = p.parse_args()
    if args.output == "-":
        generate(sys.stdout, args.funcs, args.ops, args.seed, args.locs, args.loc_file)
    else:
        with open(args.output, "w", buffering=1 << 20) as out:
            generate(out, args.funcs, args.ops, args.seed, args.locs, args.loc_file)


if __name__ == "__main__":
    main()
