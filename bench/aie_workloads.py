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


def conv_nchw(name, elem, out, filt, channels, kernels, depthwise=False):
    """Table VII: output X x Y x K, filter R x S x C x K, input X' x Y' x C
    (linalg: NCHW / FCHW with batch 1, rows Y, columns X)."""
    (cols, rows), (s, r) = out, filt
    align = 16 // (int(elem[1:]) // 8)
    in_cols = -(-(cols + s - 1) // align) * align
    t = lambda shape: "memref<" + "x".join(map(str, shape)) + f"x{elem}>"
    i, o = t((1, channels, rows + r - 1, in_cols)), t((1, kernels, rows, cols))
    w = t((channels, r, s)) if depthwise else t((kernels, channels, r, s))
    op = "depthwise_conv_2d_nchw_chw" if depthwise else "conv_2d_nchw_fchw"
    return (
        f"func.func @{name}(%I: {i}, %W: {w}, %O: {o}) {{\n"
        f"  %c0 = arith.constant 0 : {elem}\n"
        f"  linalg.fill ins(%c0 : {elem}) outs(%O : {o})\n"
        f"  linalg.{op} ins(%I, %W : {i}, {w}) outs(%O : {o})\n"
        f"  return\n}}\n"
    )


# Table VII's workloads the vectorizer maps (REG, PW, SS, DS; not FC,
# vectorized along K by the paper): (name, output X x Y, filter S x R, C, K).
TABLE7 = [
    ("reg3x3", (128, 2), (3, 3), 8, 16),
    ("reg5x5", (128, 2), (5, 5), 8, 16),
    ("reg7x7", (128, 2), (7, 7), 8, 16),
    ("pw1x1", (128, 2), (1, 1), 8, 16),
    ("ss1x3", (128, 2), (1, 3), 8, 16),
    ("ss3x1", (128, 2), (3, 1), 8, 16),
    ("ds3x3", (128, 2), (3, 3), 16, 16),
]


def table7():
    for elem in ("i32", "i16"):
        for name, out, filt, c, k in TABLE7:
            yield f"dl_{name}_{elem}", elem, out, filt, c, k


def conv3d(name, elem, out, k):
    """CONV3D: output X x Y x D (linalg: D x Y x X), filter k x k x k."""
    cols, rows, depth = out
    align = 16 // (int(elem[1:]) // 8)
    in_cols = -(-(cols + k - 1) // align) * align
    t = lambda shape: "memref<" + "x".join(map(str, shape)) + f"x{elem}>"
    i, w, o = t((depth + k - 1, rows + k - 1, in_cols)), t((k, k, k)), t((depth, rows, cols))
    return (
        f"func.func @{name}(%I: {i}, %W: {w}, %O: {o}) {{\n"
        f"  %c0 = arith.constant 0 : {elem}\n"
        f"  linalg.fill ins(%c0 : {elem}) outs(%O : {o})\n"
        f"  linalg.conv_3d ins(%I, %W : {i}, {w}) outs(%O : {o})\n"
        f"  return\n}}\n"
    )


def table6():
    for elem in ("i32", "i16"):
        for k in range(2, 12):
            yield f"cv{k}x{k}_{elem}", elem, (16, 256), (k, k)


if __name__ == "__main__":
    which = sys.argv[1] if len(sys.argv) > 1 else "table6"
    if which == "conv3d":
        for elem in ("i32", "i16"):
            for k in (3, 5, 7):
                print(conv3d(f"c3d_{k}_{elem}", elem, (128, 2, 16), k))
    elif which == "table7":
        for name, elem, out, filt, c, k in table7():
            print(conv_nchw(name, elem, out, filt, c, k, depthwise=name.startswith("dl_ds")))
    else:
        for name, elem, out, filt in table6():
            print(conv(name, elem, out, filt))
