// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(egraph-layout{target=vta verify=true}))' 2>&1 | FileCheck %s
// RUN: strata-opt %s --egraph-layout='target=vta' --egraph-dump --verify-equivalence 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP: "dilated-to-dense" = 1
// DUMP: eqsat.node "interleave{factors=[2,2]}"
// DUMP: strategy={{.*}}dilated-to-dense

// Dilation 2 on VTA (no native dilation): four dense convolutions over
// strided sub-images, interleaved back with strided insert_slice.

// CHECK: remark: egraph-layout: conv_2d_nchw_fchw target=vta {{.*}}strategy={{.*}}dilated-to-dense
// CHECK: remark: egraph-layout: verified bit-exact
// CHECK-COUNT-4: tensor.insert_slice {{.*}} [1, 1, 2, 2]
func.func @dilated(%x: tensor<1x16x12x12xi8>, %w: tensor<16x16x3x3xi8>) -> tensor<1x16x8x8xi32> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x16x8x8xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x16x8x8xi32>) -> tensor<1x16x8x8xi32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x16x12x12xi8>, tensor<16x16x3x3xi8>) outs(%z : tensor<1x16x8x8xi32>) -> tensor<1x16x8x8xi32>
  return %r : tensor<1x16x8x8xi32>
}
