// RUN: strata-opt %s --egraph-layout='target=vta' --egraph-dump --verify-equivalence 2>&1 | FileCheck %s

// Two consecutive convolutions with a relu between them. Each goes to the
// blocked layout (NCHW16c): unpack after the first, relu, pack before the
// second. The relu moves through the unpack (and fuses into the first
// blocked convolution), and pack(unpack(y)) = y cancels, so the second
// blocked convolution reads the first one's blocked result directly: one
// pack of the input and one unpack of the output remain.

// CHECK: eqsat.graph @two_layers
// CHECK-SAME: "fuse-elementwise" = {{[0-9]+}}, "elementwise-through-layout" = {{[0-9]+}}, "pack-unpack-cancel" = {{[0-9]+}}
// CHECK: remark: egraph-layout: conv_2d_nchw_fchw target=vta chosen-macs=82944 padded-macs=82944 strategy=blocked(OIHW16o16i) 
// CHECK: remark: egraph-layout: conv_2d_nchw_fchw target=vta chosen-macs=36864 padded-macs=36864 strategy=blocked(OIHW16o16i)
// CHECK-LABEL: func.func @two_layers
// CHECK: %[[L1:[0-9]+]] = linalg.generic {{.*}}"reduction"{{.*}} outs(%{{[0-9]+}} : tensor<1x1x6x6x16xi32>)
// CHECK: %[[R1:[0-9]+]] = linalg.generic {{.*}} ins(%[[L1]] : tensor<1x1x6x6x16xi32>)
// CHECK: arith.maxsi
// CHECK-NOT: linalg.transpose
// CHECK: linalg.generic {{.*}}"reduction"{{.*}} ins(%[[R1]], %{{[0-9]+}} : tensor<1x1x6x6x16xi32>
// CHECK: linalg.generic {{.*}} ins(%{{[0-9]+}} : tensor<1x1x4x4x16xi32>) outs(%{{[0-9]+}} : tensor<1x16x4x4xi32>)
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @two_layers(%x: tensor<1x16x8x8xi8>, %w1: tensor<16x16x3x3xi8>, %w2: tensor<16x16x3x3xi32>) -> tensor<1x16x4x4xi32> {
  %c0 = arith.constant 0 : i32
  %e1 = tensor.empty() : tensor<1x16x6x6xi32>
  %z1 = linalg.fill ins(%c0 : i32) outs(%e1 : tensor<1x16x6x6xi32>) -> tensor<1x16x6x6xi32>
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w1 : tensor<1x16x8x8xi8>, tensor<16x16x3x3xi8>) outs(%z1 : tensor<1x16x6x6xi32>) -> tensor<1x16x6x6xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%a : tensor<1x16x6x6xi32>) outs(%e1 : tensor<1x16x6x6xi32>) {
  ^bb0(%in: i32, %out: i32):
    %zero = arith.constant 0 : i32
    %m = arith.maxsi %in, %zero : i32
    linalg.yield %m : i32
  } -> tensor<1x16x6x6xi32>
  %e2 = tensor.empty() : tensor<1x16x4x4xi32>
  %z2 = linalg.fill ins(%c0 : i32) outs(%e2 : tensor<1x16x4x4xi32>) -> tensor<1x16x4x4xi32>
  %b = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%r, %w2 : tensor<1x16x6x6xi32>, tensor<16x16x3x3xi32>) outs(%z2 : tensor<1x16x4x4xi32>) -> tensor<1x16x4x4xi32>
  return %b : tensor<1x16x4x4xi32>
}
