#!/usr/bin/env python3
"""Writes an int8 NCHW conv2d layer (or a matmul) with the VTA tail as
linalg on tensors.

usage: gen_vta_conv.py N C H W K KH KW PAD_H PAD_W STRIDE_H STRIDE_W [--tail full|none]
       gen_vta_conv.py --matmul M N K [--tail full|none]   (entry @conv:
       (MxK i8) x (KxN i8) -> MxN i8, the same tail)

full: >> 8, + bias (i32 per output channel), clip to [0, 127], trunci to i8.
tvm:  >> 8, clip to [0, 127], trunci to i8 (no bias): the tail of TVM's VTA
      conv2d benchmark (right_shift by 8, then a clip).
none: trunci only (the low 8 bits of the accumulators; no ALU work), to
      measure the GEMM schedule alone.
"""
import sys


def conv(n, c, h, w, k, kh, kw, ph, pw, sh, sw, tail="full"):
    oh = (h + 2 * ph - kh) // sh + 1
    ow = (w + 2 * pw - kw) // sw + 1
    hp, wp = h + 2 * ph, w + 2 * pw
    acc_t = f"tensor<{n}x{k}x{oh}x{ow}xi32>"
    out_t = f"tensor<{n}x{k}x{oh}x{ow}xi8>"
    bias = tail == "full"
    args = f"%x: tensor<{n}x{c}x{h}x{w}xi8>, %w: tensor<{k}x{c}x{kh}x{kw}xi8>"
    if bias:
        args += f", %bias: tensor<{k}xi32>"
    L = [f"func.func @conv({args}) -> {out_t} {{"]
    src = "%x"
    if ph or pw:
        L += [
            "  %c0_i8 = arith.constant 0 : i8",
            f"  %p = tensor.pad %x low[0, 0, {ph}, {pw}] high[0, 0, {ph}, {pw}] {{",
            "  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):",
            "    tensor.yield %c0_i8 : i8",
            f"  }} : tensor<{n}x{c}x{h}x{w}xi8> to tensor<{n}x{c}x{hp}x{wp}xi8>",
        ]
        src = "%p"
    L += [
        "  %c0 = arith.constant 0 : i32",
        f"  %e = tensor.empty() : {acc_t}",
        f"  %z = linalg.fill ins(%c0 : i32) outs(%e : {acc_t}) -> {acc_t}",
        "  %acc = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, "
        f"strides = dense<[{sh}, {sw}]> : tensor<2xi64>}}",
        f"    ins({src}, %w : tensor<{n}x{c}x{hp}x{wp}xi8>, tensor<{k}x{c}x{kh}x{kw}xi8>)",
        f"    outs(%z : {acc_t}) -> {acc_t}",
    ]
    L += tail_generic(acc_t, out_t, k, ["n", "c", "h", "w"], 1, tail)
    return "\n".join(L) + "\n"


def tail_generic(acc_t, out_t, channels, dims, channel_dim, tail):
    """The tail as one linalg.generic over the accumulators, then return."""
    d = ", ".join(dims)
    ident = f"affine_map<({d}) -> ({d})>"
    if tail == "full":
        maps = f"{ident}, affine_map<({d}) -> ({dims[channel_dim]})>, {ident}"
        ins = f"%acc, %bias : {acc_t}, tensor<{channels}xi32>"
        block = "^bb0(%a: i32, %b: i32, %out: i8):"
        body = [
            "%c8 = arith.constant 8 : i32",
            "%zero = arith.constant 0 : i32",
            "%c127 = arith.constant 127 : i32",
            "%s = arith.shrsi %a, %c8 : i32",
            "%t = arith.addi %s, %b : i32",
            "%u = arith.maxsi %t, %zero : i32",
            "%v = arith.minsi %u, %c127 : i32",
            "%y = arith.trunci %v : i32 to i8",
        ]
    elif tail == "tvm":
        maps = f"{ident}, {ident}"
        ins = f"%acc : {acc_t}"
        block = "^bb0(%a: i32, %out: i8):"
        body = [
            "%c8 = arith.constant 8 : i32",
            "%zero = arith.constant 0 : i32",
            "%c127 = arith.constant 127 : i32",
            "%s = arith.shrsi %a, %c8 : i32",
            "%u = arith.maxsi %s, %zero : i32",
            "%v = arith.minsi %u, %c127 : i32",
            "%y = arith.trunci %v : i32 to i8",
        ]
    else:
        maps = f"{ident}, {ident}"
        ins = f"%acc : {acc_t}"
        block = "^bb0(%a: i32, %out: i8):"
        body = ["%y = arith.trunci %a : i32 to i8"]
    iters = ", ".join(['"parallel"'] * len(dims))
    L = [
        f"  %o = tensor.empty() : {out_t}",
        f"  %r = linalg.generic {{indexing_maps = [{maps}], "
        f"iterator_types = [{iters}]}}",
        f"      ins({ins}) outs(%o : {out_t}) {{",
        f"  {block}",
    ]
    L += ["    " + b for b in body]
    L += ["    linalg.yield %y : i8", f"  }} -> {out_t}", f"  return %r : {out_t}", "}"]
    return L


def matmul(m, n, k, tail="full"):
    acc_t = f"tensor<{m}x{n}xi32>"
    out_t = f"tensor<{m}x{n}xi8>"
    bias = tail == "full"
    args = f"%x: tensor<{m}x{k}xi8>, %w: tensor<{k}x{n}xi8>"
    if bias:
        args += f", %bias: tensor<{n}xi32>"
    L = [
        f"func.func @conv({args}) -> {out_t} {{",
        "  %c0 = arith.constant 0 : i32",
        f"  %e = tensor.empty() : {acc_t}",
        f"  %z = linalg.fill ins(%c0 : i32) outs(%e : {acc_t}) -> {acc_t}",
        f"  %acc = linalg.matmul ins(%x, %w : tensor<{m}x{k}xi8>, tensor<{k}x{n}xi8>) "
        f"outs(%z : {acc_t}) -> {acc_t}",
    ]
    L += tail_generic(acc_t, out_t, n, ["m", "n"], 1, tail)
    return "\n".join(L) + "\n"


if __name__ == "__main__":
    args = sys.argv[1:]
    tail = "full"
    if "--tail" in args:
        i = args.index("--tail")
        tail = args[i + 1]
        del args[i : i + 2]
    if args and args[0] == "--matmul":
        sys.stdout.write(matmul(*map(int, args[1:]), tail=tail))
    else:
        sys.stdout.write(conv(*map(int, args), tail=tail))
