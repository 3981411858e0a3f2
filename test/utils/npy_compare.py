#!/usr/bin/env python3
"""Compare two .npy files written by strata-run --output.

    npy_compare.py EXPECTED.npy ACTUAL.npy [--ulps N]

Integers (and booleans) must be equal bit for bit. Floats pass when
|actual - expected| <= N ulps of the largest |expected| of the array (a
matrix product's rounding error scales with the magnitude of its sums, not
with each element, which may be a cancellation near 0); NaN must match NaN.
Prints a one-line summary; exits 1 with the first differing element.
No numpy: the format is parsed by hand.
"""

import ast
import math
import struct
import sys


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        sys.exit(f"{path}: not an .npy file")
    major = data[6]
    if major == 1:
        (hlen,) = struct.unpack("<H", data[8:10])
        start = 10
    else:
        (hlen,) = struct.unpack("<I", data[8:12])
        start = 12
    header = ast.literal_eval(data[start : start + hlen].decode("latin1"))
    descr, shape = header["descr"], tuple(header["shape"])
    body = data[start + hlen :]
    codes = {"<f4": "f", "<f8": "d", "<i1": "b", "<i2": "h", "<i4": "i", "<i8": "q",
             "|i1": "b", "|u1": "B", "<u1": "B", "<u2": "H", "<u4": "I", "<u8": "Q", "|b1": "?"}
    if descr not in codes:
        sys.exit(f"{path}: unsupported dtype {descr}")
    code = codes[descr]
    n = math.prod(shape) if shape else 1
    values = struct.unpack("<" + code * n, body[: n * struct.calcsize(code)])
    return descr, shape, values


def main():
    args = sys.argv[1:]
    ulps = 0
    if "--ulps" in args:
        i = args.index("--ulps")
        ulps = int(args[i + 1])
        del args[i : i + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    d1, s1, expected = read(args[0])
    d2, s2, actual = read(args[1])
    if (d1, s1) != (d2, s2):
        print(f"FAIL: {d1}{list(s1)} expected, {d2}{list(s2)} found")
        sys.exit(1)
    is_float = d1[1] == "f"
    tol = 0.0
    if is_float and ulps:
        big = max((abs(v) for v in expected if math.isfinite(v)), default=0.0)
        eps = 2.0 ** -23 if d1 == "<f4" else 2.0 ** -52
        tol = ulps * eps * (2.0 ** math.floor(math.log2(big)) if big > 0 else 0.0)
    worst = 0.0
    for i, (e, a) in enumerate(zip(expected, actual)):
        if is_float:
            if math.isnan(e) or math.isnan(a):
                ok = math.isnan(e) and math.isnan(a)
            else:
                ok = abs(a - e) <= tol
                worst = max(worst, abs(a - e))
        else:
            ok = a == e
        if not ok:
            print(f"FAIL: element {i} of {len(expected)}: expected {e}, got {a} (tolerance {tol})")
            sys.exit(1)
    kind = f"within {ulps} ulps of max (max error {worst:.3g})" if is_float and ulps else "bit-exact"
    print(f"OK: {len(expected)} elements {kind}")


main()
