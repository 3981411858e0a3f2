// RUN: %roundtrip %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts
// Round trip of the linalg ops; the CHECK lines are what mlir-opt 22 prints
// (payload block arguments are named %in/%out by MLIR, %argN by Strata).

// CHECK: #map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @named(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<4x16xf32>, %arg3: f32, %arg4: tensor<8xf32>, %arg5: tensor<4xf32>) -> tensor<4x16xf32> {
// CHECK-NEXT:     %0 = linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%arg2 : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT:     %1 = linalg.fill ins(%arg3 : f32) outs(%0 : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT:     %2 = linalg.copy ins(%1 : tensor<4x16xf32>) outs(%arg2 : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT:     %3 = linalg.matvec ins(%arg0, %arg4 : tensor<4x8xf32>, tensor<8xf32>) outs(%arg5 : tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:     return %2 : tensor<4x16xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @batch(%arg0: tensor<2x4x8xf32>, %arg1: tensor<2x8x16xf32>, %arg2: tensor<2x4x16xf32>, %arg3: memref<4x8xf32>, %arg4: memref<8x16xf32>, %arg5: memref<4x16xf32>) -> tensor<2x4x16xf32> {
// CHECK-NEXT:     %0 = linalg.batch_matmul ins(%arg0, %arg1 : tensor<2x4x8xf32>, tensor<2x8x16xf32>) outs(%arg2 : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
// CHECK-NEXT:     linalg.matmul ins(%arg3, %arg4 : memref<4x8xf32>, memref<8x16xf32>) outs(%arg5 : memref<4x16xf32>)
// CHECK-NEXT:     return %0 : tensor<2x4x16xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @convs(%arg0: tensor<1x3x10xf32>, %arg1: tensor<4x3x3xf32>, %arg2: tensor<1x4x8xf32>, %arg3: tensor<1x3x8x8xf32>, %arg4: tensor<4x3x3x3xf32>, %arg5: tensor<1x4x3x3xf32>, %arg6: tensor<1x8x8x3xf32>, %arg7: tensor<3x3x3x4xf32>, %arg8: tensor<1x6x6x4xf32>, %arg9: tensor<1x3x5x5x5xf32>, %arg10: tensor<2x3x3x3x3xf32>, %arg11: tensor<1x2x3x3x3xf32>, %arg12: tensor<1x5x5x5x3xf32>, %arg13: tensor<3x3x3x3x2xf32>, %arg14: tensor<1x3x3x3x2xf32>, %arg15: tensor<1x10x3xf32>, %arg16: tensor<3x3x4xf32>, %arg17: tensor<1x8x4xf32>, %arg18: tensor<3x3x3xf32>, %arg19: tensor<1x6x6x3xf32>) {
// CHECK-NEXT:     %0 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%arg0, %arg1 : tensor<1x3x10xf32>, tensor<4x3x3xf32>) outs(%arg2 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
// CHECK-NEXT:     %1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%arg3, %arg4 : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%arg5 : tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
// CHECK-NEXT:     %2 = linalg.conv_2d_nhwc_hwcf ins(%arg6, %arg7 : tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) outs(%arg8 : tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
// CHECK-NEXT:     %3 = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%arg9, %arg10 : tensor<1x3x5x5x5xf32>, tensor<2x3x3x3x3xf32>) outs(%arg11 : tensor<1x2x3x3x3xf32>) -> tensor<1x2x3x3x3xf32>
// CHECK-NEXT:     %4 = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%arg12, %arg13 : tensor<1x5x5x5x3xf32>, tensor<3x3x3x3x2xf32>) outs(%arg14 : tensor<1x3x3x3x2xf32>) -> tensor<1x3x3x3x2xf32>
// CHECK-NEXT:     %5 = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%arg15, %arg16 : tensor<1x10x3xf32>, tensor<3x3x4xf32>) outs(%arg17 : tensor<1x8x4xf32>) -> tensor<1x8x4xf32>
// CHECK-NEXT:     %6 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg6, %arg18 : tensor<1x8x8x3xf32>, tensor<3x3x3xf32>) outs(%arg19 : tensor<1x6x6x3xf32>) -> tensor<1x6x6x3xf32>
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @pools(%arg0: tensor<1x4x8x8xf32>, %arg1: tensor<3x3xf32>, %arg2: tensor<1x4x6x6xf32>, %arg3: tensor<1x8x8x4xf32>, %arg4: tensor<1x6x6x4xf32>) {
// CHECK-NEXT:     %0 = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x4x8x8xf32>, tensor<3x3xf32>) outs(%arg2 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
// CHECK-NEXT:     %1 = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x4x8x8xf32>, tensor<3x3xf32>) outs(%arg2 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
// CHECK-NEXT:     %2 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg3, %arg1 : tensor<1x8x8x4xf32>, tensor<3x3xf32>) outs(%arg4 : tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
// CHECK-NEXT:     %3 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg3, %arg1 : tensor<1x8x8x4xf32>, tensor<3x3xf32>) outs(%arg4 : tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @generic(%arg0: tensor<4x16xf32>, %arg1: tensor<4x16xf32>, %arg2: memref<4x16xf32>) -> tensor<4x16xf32> {
// CHECK-NEXT:     %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x16xf32>) outs(%arg1 : tensor<4x16xf32>) {
// CHECK-NEXT:     ^bb0(%{{[a-z0-9_]+}}: f32, %{{[a-z0-9_]+}}: f32):
// CHECK-NEXT:       %1 = arith.addf %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : f32
// CHECK-NEXT:       linalg.yield %1 : f32
// CHECK-NEXT:     } -> tensor<4x16xf32>
// CHECK-NEXT:     linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%arg2 : memref<4x16xf32>) {
// CHECK-NEXT:     ^bb0(%{{[a-z0-9_]+}}: f32):
// CHECK-NEXT:       %1 = linalg.index 0 : index
// CHECK-NEXT:       linalg.yield %{{[a-z0-9_]+}} : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0 : tensor<4x16xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @shaped(%arg0: tensor<4x16xf32>, %arg1: tensor<4x16xf32>, %arg2: f32) {
// CHECK-NEXT:     %0 = tensor.empty() : tensor<16x4xf32>
// CHECK-NEXT:     %{{transposed(_[0-9]+)?}} = linalg.transpose ins(%arg0 : tensor<4x16xf32>) outs(%0 : tensor<16x4xf32>) permutation = [1, 0]
// CHECK-NEXT:     %1 = tensor.empty() : tensor<4x16x2xf32>
// CHECK-NEXT:     %{{broadcasted(_[0-9]+)?}} = linalg.broadcast ins(%arg0 : tensor<4x16xf32>) outs(%1 : tensor<4x16x2xf32>) dimensions = [2]
// CHECK-NEXT:     %{{mapped(_[0-9]+)?}} = linalg.map { arith.mulf } ins(%arg0, %arg0 : tensor<4x16xf32>, tensor<4x16xf32>) outs(%arg1 : tensor<4x16xf32>)
// CHECK-NEXT:     %2 = tensor.empty() : tensor<4xf32>
// CHECK-NEXT:     %{{reduced(_[0-9]+)?}} = linalg.reduce { arith.addf } ins(%arg0 : tensor<4x16xf32>) outs(%2 : tensor<4xf32>) dimensions = [1]
// CHECK-NEXT:     %3 = tensor.empty() : tensor<1x4x4x4xf32>
// CHECK-NEXT:     %{{pack(_[0-9]+)?}} = linalg.pack %arg0 padding_value(%arg2 : f32) outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %3 : tensor<4x16xf32> -> tensor<1x4x4x4xf32>
// CHECK-NEXT:     %{{unpack(_[0-9]+)?}} = linalg.unpack %{{pack(_[0-9]+)?}} inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %arg1 : tensor<1x4x4x4xf32> -> tensor<4x16xf32>
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @named(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %v: f32, %x: tensor<8xf32>, %y: tensor<4xf32>) -> tensor<4x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %1 = linalg.fill ins(%v : f32) outs(%0 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %2 = linalg.copy ins(%1 : tensor<4x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %3 = linalg.matvec ins(%a, %x : tensor<4x8xf32>, tensor<8xf32>) outs(%y : tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4x16xf32>
}
func.func @batch(%a: tensor<2x4x8xf32>, %b: tensor<2x8x16xf32>, %c: tensor<2x4x16xf32>, %m: memref<4x8xf32>, %n: memref<8x16xf32>, %o: memref<4x16xf32>) -> tensor<2x4x16xf32> {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<2x8x16xf32>) outs(%c : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  linalg.matmul ins(%m, %n : memref<4x8xf32>, memref<8x16xf32>) outs(%o : memref<4x16xf32>)
  return %0 : tensor<2x4x16xf32>
}
func.func @convs(%i1: tensor<1x3x10xf32>, %f1: tensor<4x3x3xf32>, %o1: tensor<1x4x8xf32>,
                 %i2: tensor<1x3x8x8xf32>, %f2: tensor<4x3x3x3xf32>, %o2: tensor<1x4x3x3xf32>,
                 %i3: tensor<1x8x8x3xf32>, %f3: tensor<3x3x3x4xf32>, %o3: tensor<1x6x6x4xf32>,
                 %i4: tensor<1x3x5x5x5xf32>, %f4: tensor<2x3x3x3x3xf32>, %o4: tensor<1x2x3x3x3xf32>,
                 %i5: tensor<1x5x5x5x3xf32>, %f5: tensor<3x3x3x3x2xf32>, %o5: tensor<1x3x3x3x2xf32>,
                 %i6: tensor<1x10x3xf32>, %f6: tensor<3x3x4xf32>, %o6: tensor<1x8x4xf32>,
                 %dw: tensor<3x3x3xf32>, %odw: tensor<1x6x6x3xf32>) {
  %0 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%i1, %f1 : tensor<1x3x10xf32>, tensor<4x3x3xf32>) outs(%o1 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  %1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%i2, %f2 : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%o2 : tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  %2 = linalg.conv_2d_nhwc_hwcf ins(%i3, %f3 : tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) outs(%o3 : tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
  %3 = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%i4, %f4 : tensor<1x3x5x5x5xf32>, tensor<2x3x3x3x3xf32>) outs(%o4 : tensor<1x2x3x3x3xf32>) -> tensor<1x2x3x3x3xf32>
  %4 = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%i5, %f5 : tensor<1x5x5x5x3xf32>, tensor<3x3x3x3x2xf32>) outs(%o5 : tensor<1x3x3x3x2xf32>) -> tensor<1x3x3x3x2xf32>
  %5 = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%i6, %f6 : tensor<1x10x3xf32>, tensor<3x3x4xf32>) outs(%o6 : tensor<1x8x4xf32>) -> tensor<1x8x4xf32>
  %6 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%i3, %dw : tensor<1x8x8x3xf32>, tensor<3x3x3xf32>) outs(%odw : tensor<1x6x6x3xf32>) -> tensor<1x6x6x3xf32>
  return
}
func.func @pools(%i: tensor<1x4x8x8xf32>, %w: tensor<3x3xf32>, %o: tensor<1x4x6x6xf32>, %j: tensor<1x8x8x4xf32>, %p: tensor<1x6x6x4xf32>) {
  %0 = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%i, %w : tensor<1x4x8x8xf32>, tensor<3x3xf32>) outs(%o : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %1 = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%i, %w : tensor<1x4x8x8xf32>, tensor<3x3xf32>) outs(%o : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %2 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%j, %w : tensor<1x8x8x4xf32>, tensor<3x3xf32>) outs(%p : tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
  %3 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%j, %w : tensor<1x8x8x4xf32>, tensor<3x3xf32>) outs(%p : tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
  return
}
func.func @generic(%a: tensor<4x16xf32>, %c: tensor<4x16xf32>, %m: memref<4x16xf32>) -> tensor<4x16xf32> {
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x16xf32>) outs(%c : tensor<4x16xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4x16xf32>
  linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%m : memref<4x16xf32>) {
  ^bb0(%y: f32):
    %i = linalg.index 0 : index
    linalg.yield %y : f32
  }
  return %1 : tensor<4x16xf32>
}
func.func @shaped(%t: tensor<4x16xf32>, %c: tensor<4x16xf32>, %v: f32) {
  %e = tensor.empty() : tensor<16x4xf32>
  %3 = linalg.transpose ins(%t : tensor<4x16xf32>) outs(%e : tensor<16x4xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<4x16x2xf32>
  %4 = linalg.broadcast ins(%t : tensor<4x16xf32>) outs(%e2 : tensor<4x16x2xf32>) dimensions = [2]
  %5 = linalg.map { arith.mulf } ins(%t, %t : tensor<4x16xf32>, tensor<4x16xf32>) outs(%c : tensor<4x16xf32>)
  %e3 = tensor.empty() : tensor<4xf32>
  %6 = linalg.reduce { arith.addf } ins(%t : tensor<4x16xf32>) outs(%e3 : tensor<4xf32>) dimensions = [1]
  %pe = tensor.empty() : tensor<1x4x4x4xf32>
  %pk = linalg.pack %t padding_value(%v : f32) outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %pe : tensor<4x16xf32> -> tensor<1x4x4x4xf32>
  %up = linalg.unpack %pk inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %c : tensor<1x4x4x4xf32> -> tensor<4x16xf32>
  return
}
