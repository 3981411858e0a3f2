// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(egraph-layout{target=vta verify=true}))' 2>&1 | FileCheck %s
// RUN: strata-opt %s --egraph-layout='target=vta' --egraph-dump --verify-equivalence 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: strata-opt %s --egraph-layout='target=vta disable=im2col' --egraph-dump --verify-equivalence 2>&1 | FileCheck %s --check-prefix=STENCIL

// A 3-channel 3x3 convolution on VTA (GEMM 1x16x16): the plain layout pads
// the channels to 16; the e-graph finds a stencil unroll (or im2col) and
// pays fewer MACs. The function is run before and after on random data.

// CHECK: remark: egraph-layout: conv_2d_nchw_fchw target=vta chosen-macs=18432 padded-macs=82944 strategy=pad+stencil-unroll+im2col
// CHECK: remark: egraph-layout: verified bit-exact on random inputs (576 elements)
// CHECK-LABEL: func.func @conv3
// The rules that fired (im2col, both stencil unrolls, channel padding):
// DUMP: eqsat.graph @conv3
// DUMP-SAME: applied = {"im2col" = {{[0-9]+}}, "stencil-unroll-w" = {{[0-9]+}}, "stencil-unroll-h" = {{[0-9]+}}, "pad-to-intrinsic-conv" = {{[0-9]+}}
// DUMP: eqsat.node "unfold{axis=2 size=3 step=1 dilation=1}"(%c0)
// DUMP: strategy={{.*}}stencil-unroll
// Without im2col, the stencil unroll (C*K = 9 channels, padded to 16) in
// the blocked layout: 18432 MACs instead of 82944.
// STENCIL: "stencil-unroll-w" = {{[0-9]+}}, "stencil-unroll-h" = {{[0-9]+}}
// STENCIL: remark: egraph-layout: conv_2d_nchw_fchw target=vta chosen-macs=18432 padded-macs=82944 strategy=pad+stencil-unroll+blocked(OIHW16o16i)
// CHECK-NOT: linalg.conv_2d_nchw_fchw {{.*}} tensor<1x3x
// CHECK: return
func.func @conv3(%x: tensor<1x3x8x8xi8>, %w: tensor<16x3x3x3xi8>) -> tensor<1x16x6x6xi32> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x16x6x6xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x16x6x6xi32>) -> tensor<1x16x6x6xi32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x3x8x8xi8>, tensor<16x3x3x3xi8>) outs(%z : tensor<1x16x6x6xi32>) -> tensor<1x16x6x6xi32>
  return %r : tensor<1x16x6x6xi32>
}
