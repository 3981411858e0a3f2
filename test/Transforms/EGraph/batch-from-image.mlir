// RUN: strata-opt %s --egraph-layout='target=amx disable=im2col' --egraph-dump --verify-equivalence 2>&1 | FileCheck %s

// AMX's tile multiplies 16 rows (pixels of a batch) at once; a batch of 1
// wastes 15/16 of it when padded. batch-from-image cuts the image into 16
// bands of 2 output rows (with a 2-row halo, an unfold with step 2) and
// stacks them into the batch: 16 images of 4x10 run as one blocked
// convolution, then the bands go back in place by transpose + reshape.
// (im2col is disabled: it would reach the same MACs as a matmul.)

// CHECK: eqsat.graph @band
// CHECK-SAME: "batch-from-image" = 1
// CHECK: eqsat.node "unfold{axis=2 size=4 step=2 dilation=1}"
// CHECK: eqsat.class : tensor<16x64x4x10xi8> {
// CHECK: remark: egraph-layout: conv_2d_nchw_fchw target=amx chosen-macs=2359296 padded-macs=37748736 strategy=batch-from-image+blocked(Ohw16i16o4i)
// CHECK: linalg.generic {{.*}}"reduction"{{.*}} outs(%{{[0-9]+}} : tensor<16x1x2x8x16xi32>)
// CHECK: linalg.transpose {{.*}} permutation = [0, 2, 1, 3, 4]
func.func @band(%x: tensor<1x64x34x10xi8>, %w: tensor<16x64x3x3xi8>) -> tensor<1x16x32x8xi32> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x16x32x8xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x16x32x8xi32>) -> tensor<1x16x32x8xi32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x64x34x10xi8>, tensor<16x64x3x3xi8>) outs(%z : tensor<1x16x32x8xi32>) -> tensor<1x16x32x8xi32>
  return %r : tensor<1x16x32x8xi32>
}
