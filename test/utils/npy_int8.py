#!/usr/bin/env python3
"""Write an i8 .npy of full-range values for strata-run --input.

    npy_int8.py OUT.npy D0xD1x... [--seed N] [--nonnegative] [--last V]

strata-run's --random-inputs draws integers in [-8, 8]; kernels whose
correctness depends on the extremes (the AVX2 u8 x s8 product offsets i8
by 128 and must not saturate at 255 x 128) need the whole range, and
neighbours at an extreme: the first row (the last dimension's first run)
is all 127, the largest offset value, which meets every group of weights
at its bound; the rest are 127, -128 or uniform in [-128, 127], a third
of the time each, from a fixed generator. --nonnegative: 0 in place of
-128 and uniform in [0, 127] (post-ReLU activations, which the AVX2 u8 x s8
kernel uses without the offset); --last V sets the last value (one
negative value at the very end of otherwise non-negative activations). No
numpy: the format is written by hand.
"""

import argparse
import math
import struct


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("shape")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--nonnegative", action="store_true")
    ap.add_argument("--last", type=int)
    args = ap.parse_args()
    shape = tuple(int(d) for d in args.shape.split("x"))
    n = math.prod(shape)
    state = args.seed & 0xFFFFFFFF
    values = []
    for i in range(n):
        state = (state * 1664525 + 1013904223) & 0xFFFFFFFF
        pick = (state >> 8) % 3
        if args.nonnegative:
            values.append(127 if pick == 0 else 0 if pick == 1 else (state >> 24) >> 1)
        else:
            values.append(127 if pick == 0 else -128 if pick == 1 else (state >> 24) - 128)
    values[: shape[-1]] = [127] * shape[-1]
    if args.last is not None:
        values[-1] = args.last
    header = repr({"descr": "|i1", "fortran_order": False, "shape": shape}).encode("latin1")
    pad = 64 - (10 + len(header) + 1) % 64
    header += b" " * pad + b"\n"
    with open(args.out, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header)
        f.write(struct.pack(f"{n}b", *values))


if __name__ == "__main__":
    main()
