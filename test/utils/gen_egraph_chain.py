"""Writes a long chain for the e-graph layout pass: `transposes N` (N
alternating 3-D transposes of one tensor) or `convs N` (N chained 1x1
convolutions, each reading the previous one's result)."""

import sys


def transposes(n):
    print("func.func @transposes(%x: tensor<2x3x4xi32>) -> tensor<2x3x4xi32> {")
    cur, shape = "%x", (2, 3, 4)
    for i in range(n):
        perm = (1, 0, 2) if i % 2 == 0 else (0, 2, 1)
        out = tuple(shape[p] for p in perm)
        ty = lambda s: "tensor<%s>" % "x".join(map(str, s + ("i32",)))
        print(f"  %e{i} = tensor.empty() : {ty(out)}")
        print(
            f"  %t{i} = linalg.transpose ins({cur} : {ty(shape)}) outs(%e{i} : {ty(out)}) "
            f"permutation = [{', '.join(map(str, perm))}]"
        )
        cur, shape = f"%t{i}", out
    assert shape == (2, 3, 4), "N must make the chain return the input shape (a multiple of 6)"
    print(f"  return {cur} : tensor<2x3x4xi32>")
    print("}")


def convs(n):
    t = "tensor<1x16x8x8xi32>"
    print(f"func.func @convs(%x: {t}, %w: tensor<16x16x1x1xi32>) -> {t} {{")
    print("  %c0 = arith.constant 0 : i32")
    print(f"  %e = tensor.empty() : {t}")
    print(f"  %z = linalg.fill ins(%c0 : i32) outs(%e : {t}) -> {t}")
    cur = "%x"
    for i in range(n):
        print(
            f"  %r{i} = linalg.conv_2d_nchw_fchw {{dilations = dense<1> : tensor<2xi64>, "
            f"strides = dense<1> : tensor<2xi64>}} ins({cur}, %w : {t}, tensor<16x16x1x1xi32>) "
            f"outs(%z : {t}) -> {t}"
        )
        cur = f"%r{i}"
    print(f"  return {cur} : {t}")
    print("}")


if __name__ == "__main__":
    {"transposes": transposes, "convs": convs}[sys.argv[1]](int(sys.argv[2]))
