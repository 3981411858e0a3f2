// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(egraph-layout{target=vta disable=im2col verify=true}))' 2>&1 | FileCheck %s
// RUN: strata-opt %s --egraph-layout='target=vta disable=im2col' --egraph-dump --verify-equivalence 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP: "image-pack" = 1
// DUMP: eqsat.node "image_pack
// DUMP: strategy={{.*}}image-pack

// Stride 2 on one input channel: without im2col, the e-graph packs the
// strided image into 4 sub-images (channels) and unrolls the stencil.

// CHECK: remark: egraph-layout: conv_2d_nchw_fchw target=vta chosen-macs=19200 padded-macs=160000 strategy=pad+image-pack+stencil-unroll+blocked(OIHW16o16i)
// CHECK: remark: egraph-layout: verified bit-exact
// CHECK: affine_map<{{.*}}d1 floordiv 4, d2 * 2 + (d1 floordiv 2) mod 2, d3 * 2 + d1 mod 2)>
// CHECK: linalg.generic
func.func @strided(%x: tensor<1x1x13x13xi8>, %w: tensor<16x1x5x5xi8>) -> tensor<1x16x5x5xi32> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x16x5x5xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x16x5x5xi32>) -> tensor<1x16x5x5xi32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : tensor<1x1x13x13xi8>, tensor<16x1x5x5xi8>) outs(%z : tensor<1x16x5x5xi32>) -> tensor<1x16x5x5xi32>
  return %r : tensor<1x16x5x5xi32>
}
