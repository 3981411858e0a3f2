
// CHECK: #map = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-NEXT: #map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-NEXT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d6)>
// CHECK-NEXT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
// CHECK-NEXT: #map5 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-NEXT: #map6 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 + d4, d2 + d5, d3)>
// CHECK-NEXT: #map7 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5, d3)>
// CHECK-NEXT: #map8 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-NEXT: #map9 = affine_map<(d0, d1) -> ()>
// CHECK-NEXT: #map10 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: #map11 = affine_map<(d0, d1) -> (d1)>
// CHECK-NEXT: #map12 = affine_map<(d0, d1) -> (d0)>
// CHECK-NEXT: #map13 = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: #map14 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-NEXT: #map15 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 + d4, d3 + d5)>
// CHECK-NEXT: #map16 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// CHECK-NEXT: #map17 = affine_map<(d0) -> (d0)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @matmul(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<4x16xf32>) -> tensor<4x16xf32> {
// CHECK-NEXT: %0 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%arg2 : tensor<4x16xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// CHECK-NEXT: %1 = arith.mulf %in, %in_0 : f32
// CHECK-NEXT: %2 = arith.addf %out, %1 : f32
// CHECK-NEXT: linalg.yield %2 : f32
// CHECK-NEXT: } -> tensor<4x16xf32>
// CHECK-NEXT: return %0 : tensor<4x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @matmul_i8_i32(%arg0: tensor<4x8xi8>, %arg1: tensor<8x2xi8>, %arg2: tensor<4x2xi32>) -> tensor<4x2xi32> {
// CHECK-NEXT: %0 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<4x8xi8>, tensor<8x2xi8>) outs(%arg2 : tensor<4x2xi32>) {
// CHECK-NEXT: ^bb0(%in: i8, %in_0: i8, %out: i32):
// CHECK-NEXT: %1 = arith.extsi %in : i8 to i32
// CHECK-NEXT: %2 = arith.extsi %in_0 : i8 to i32
// CHECK-NEXT: %3 = arith.muli %1, %2 : i32
// CHECK-NEXT: %4 = arith.addi %out, %3 : i32
// CHECK-NEXT: linalg.yield %4 : i32
// CHECK-NEXT: } -> tensor<4x2xi32>
// CHECK-NEXT: return %0 : tensor<4x2xi32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @conv_nhwc(%arg0: tensor<1x8x8x3xf32>, %arg1: tensor<3x3x3x4xf32>, %arg2: tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32> {
// CHECK-NEXT: %0 = linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %arg1 : tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) outs(%arg2 : tensor<1x3x3x4xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// CHECK-NEXT: %1 = arith.mulf %in, %in_0 : f32
// CHECK-NEXT: %2 = arith.addf %out, %1 : f32
// CHECK-NEXT: linalg.yield %2 : f32
// CHECK-NEXT: } -> tensor<1x3x3x4xf32>
// CHECK-NEXT: return %0 : tensor<1x3x3x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @depthwise(%arg0: tensor<1x5x5x2xi32>, %arg1: tensor<2x2x2xi32>, %arg2: tensor<1x4x4x2xi32>) -> tensor<1x4x4x2xi32> {
// CHECK-NEXT: %0 = linalg.generic {indexing_maps = [#map6, #map7, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%arg0, %arg1 : tensor<1x5x5x2xi32>, tensor<2x2x2xi32>) outs(%arg2 : tensor<1x4x4x2xi32>) {
// CHECK-NEXT: ^bb0(%in: i32, %in_0: i32, %out: i32):
// CHECK-NEXT: %1 = arith.muli %in, %in_0 : i32
// CHECK-NEXT: %2 = arith.addi %out, %1 : i32
// CHECK-NEXT: linalg.yield %2 : i32
// CHECK-NEXT: } -> tensor<1x4x4x2xi32>
// CHECK-NEXT: return %0 : tensor<1x4x4x2xi32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @fill_copy(%arg0: f32, %arg1: memref<3x5xf32>, %arg2: memref<3x5xf32>) {
// CHECK-NEXT: linalg.generic {indexing_maps = [#map9, #map10], iterator_types = ["parallel", "parallel"]} ins(%arg0 : f32) outs(%arg1 : memref<3x5xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: linalg.yield %in : f32
// CHECK-NEXT: }
// CHECK-NEXT: linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%arg1 : memref<3x5xf32>) outs(%arg2 : memref<3x5xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: linalg.yield %in : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @matvec(%arg0: tensor<3x4xi32>, %arg1: tensor<4xi32>, %arg2: tensor<3xi32>) -> tensor<3xi32> {
// CHECK-NEXT: %0 = linalg.generic {indexing_maps = [#map10, #map11, #map12], iterator_types = ["parallel", "reduction"]} ins(%arg0, %arg1 : tensor<3x4xi32>, tensor<4xi32>) outs(%arg2 : tensor<3xi32>) {
// CHECK-NEXT: ^bb0(%in: i32, %in_0: i32, %out: i32):
// CHECK-NEXT: %1 = arith.muli %in, %in_0 : i32
// CHECK-NEXT: %2 = arith.addi %out, %1 : i32
// CHECK-NEXT: linalg.yield %2 : i32
// CHECK-NEXT: } -> tensor<3xi32>
// CHECK-NEXT: return %0 : tensor<3xi32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @map_reduce(%arg0: tensor<4x6xf32>, %arg1: tensor<4x6xf32>, %arg2: tensor<4x6xf32>, %arg3: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: %0 = linalg.generic {indexing_maps = [#map10, #map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x6xf32>, tensor<4x6xf32>) outs(%arg2 : tensor<4x6xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// CHECK-NEXT: %2 = arith.maximumf %in, %in_0 : f32
// CHECK-NEXT: linalg.yield %2 : f32
// CHECK-NEXT: } -> tensor<4x6xf32>
// CHECK-NEXT: %1 = linalg.generic {indexing_maps = [#map10, #map12], iterator_types = ["parallel", "reduction"]} ins(%0 : tensor<4x6xf32>) outs(%arg3 : tensor<4xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: %2 = arith.addf %in, %out : f32
// CHECK-NEXT: linalg.yield %2 : f32
// CHECK-NEXT: } -> tensor<4xf32>
// CHECK-NEXT: return %1 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @transpose_broadcast(%arg0: tensor<2x3xi32>, %arg1: tensor<3x2xi32>, %arg2: tensor<3x2x5xi32>) -> tensor<3x2x5xi32> {
// CHECK-NEXT: %0 = linalg.generic {indexing_maps = [#map13, #map10], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<2x3xi32>) outs(%arg1 : tensor<3x2xi32>) {
// CHECK-NEXT: ^bb0(%in: i32, %out: i32):
// CHECK-NEXT: linalg.yield %in : i32
// CHECK-NEXT: } -> tensor<3x2xi32>
// CHECK-NEXT: %1 = linalg.generic {indexing_maps = [#map2, #map14], iterator_types = ["parallel", "parallel", "parallel"]} ins(%0 : tensor<3x2xi32>) outs(%arg2 : tensor<3x2x5xi32>) {
// CHECK-NEXT: ^bb0(%in: i32, %out: i32):
// CHECK-NEXT: linalg.yield %in : i32
// CHECK-NEXT: } -> tensor<3x2x5xi32>
// CHECK-NEXT: return %1 : tensor<3x2x5xi32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @pooling_sum(%arg0: tensor<1x2x6x6xf32>, %arg1: tensor<3x3xf32>, %arg2: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
// CHECK-NEXT: %0 = linalg.generic {indexing_maps = [#map15, #map16, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%arg0, %arg1 : tensor<1x2x6x6xf32>, tensor<3x3xf32>) outs(%arg2 : tensor<1x2x4x4xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// CHECK-NEXT: %1 = arith.addf %out, %in : f32
// CHECK-NEXT: linalg.yield %1 : f32
// CHECK-NEXT: } -> tensor<1x2x4x4xf32>
// CHECK-NEXT: return %0 : tensor<1x2x4x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @generic_and_dead(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: %0 = linalg.generic {indexing_maps = [#map17, #map17], iterator_types = ["parallel"]} ins(%arg0 : tensor<4xf32>) outs(%arg1 : tensor<4xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: %1 = arith.negf %in : f32
// CHECK-NEXT: linalg.yield %1 : f32
// CHECK-NEXT: } -> tensor<4xf32>
// CHECK-NEXT: return %0 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:

// linalg-generalize-named-ops: every named structured op becomes the
// linalg.generic it stands for (output as mlir-opt 22's: maps, iterator
// types, payload with %in/%out arguments); results agree before and after.
// RUN: strata-opt %s --linalg-generalize-named-ops | FileCheck %s
// RUN: strata-opt %s --linalg-generalize-named-ops --verify-equivalence --equivalence-trials=4 > /dev/null
// RUN: strata-opt %s --linalg-generalize-named-ops | strata-opt --convert-linalg-to-loops --verify-equivalence > /dev/null
// REQUIRES: mlir-opt
// RUN: strata-opt %s --linalg-generalize-named-ops | %mlir-accepts > /dev/null

func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

func.func @matmul_i8_i32(%a: tensor<4x8xi8>, %b: tensor<8x2xi8>, %c: tensor<4x2xi32>) -> tensor<4x2xi32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xi8>, tensor<8x2xi8>) outs(%c : tensor<4x2xi32>) -> tensor<4x2xi32>
  return %0 : tensor<4x2xi32>
}

func.func @conv_nhwc(%i: tensor<1x8x8x3xf32>, %f: tensor<3x3x3x4xf32>, %o: tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%i, %f : tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) outs(%o : tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32>
  return %0 : tensor<1x3x3x4xf32>
}

func.func @depthwise(%i: tensor<1x5x5x2xi32>, %f: tensor<2x2x2xi32>, %o: tensor<1x4x4x2xi32>) -> tensor<1x4x4x2xi32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%i, %f : tensor<1x5x5x2xi32>, tensor<2x2x2xi32>) outs(%o : tensor<1x4x4x2xi32>) -> tensor<1x4x4x2xi32>
  return %0 : tensor<1x4x4x2xi32>
}

func.func @fill_copy(%v: f32, %a: memref<3x5xf32>, %b: memref<3x5xf32>) {
  linalg.fill ins(%v : f32) outs(%a : memref<3x5xf32>)
  linalg.copy ins(%a : memref<3x5xf32>) outs(%b : memref<3x5xf32>)
  return
}

func.func @matvec(%a: tensor<3x4xi32>, %x: tensor<4xi32>, %y: tensor<3xi32>) -> tensor<3xi32> {
  %0 = linalg.matvec ins(%a, %x : tensor<3x4xi32>, tensor<4xi32>) outs(%y : tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

func.func @map_reduce(%a: tensor<4x6xf32>, %b: tensor<4x6xf32>, %init: tensor<4x6xf32>, %acc: tensor<4xf32>) -> tensor<4xf32> {
  %m = linalg.map { arith.maximumf } ins(%a, %b : tensor<4x6xf32>, tensor<4x6xf32>) outs(%init : tensor<4x6xf32>)
  %r = linalg.reduce ins(%m : tensor<4x6xf32>) outs(%acc : tensor<4xf32>) dimensions = [1]
    (%x: f32, %y: f32) {
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  return %r : tensor<4xf32>
}

func.func @transpose_broadcast(%a: tensor<2x3xi32>, %t: tensor<3x2xi32>, %b: tensor<3x2x5xi32>) -> tensor<3x2x5xi32> {
  %0 = linalg.transpose ins(%a : tensor<2x3xi32>) outs(%t : tensor<3x2xi32>) permutation = [1, 0]
  %1 = linalg.broadcast ins(%0 : tensor<3x2xi32>) outs(%b : tensor<3x2x5xi32>) dimensions = [2]
  return %1 : tensor<3x2x5xi32>
}

func.func @pooling_sum(%i: tensor<1x2x6x6xf32>, %w: tensor<3x3xf32>, %o: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %0 = linalg.pooling_nchw_sum {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%i, %w : tensor<1x2x6x6xf32>, tensor<3x3xf32>) outs(%o : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// Generic ops stay; an unused op on tensors is erased, as mlir-opt does.
func.func @generic_and_dead(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<4xf32>
  %dead = linalg.copy ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
