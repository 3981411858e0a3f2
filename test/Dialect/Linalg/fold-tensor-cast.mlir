// FoldTensorCastProducerOp (registered on the linalg dialect in MLIR 22):
// tensor.cast operands whose source is more static fold into the structured
// op; results tied to a changed init are cast back to the old type. CHECK
// lines are mlir-opt 22's output for this file.
// RUN: strata-opt %s --canonicalize | FileCheck %s
// RUN: strata-opt %s --canonicalize --verify-equivalence > /dev/null
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --canonicalize | FileCheck %s
// CHECK-LABEL: func.func @cast_into_generic(
// CHECK-NEXT: %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x6xf32>) outs(%arg1 : tensor<4x6xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: %1 = arith.mulf %in, %out : f32
// CHECK-NEXT: linalg.yield %1 : f32
// CHECK-NEXT: } -> tensor<4x6xf32>
// CHECK-NEXT: %cast = tensor.cast %0 : tensor<4x6xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %cast : tensor<?x?xf32>
func.func @cast_into_generic(%a: tensor<4x6xf32>, %b: tensor<4x6xf32>) -> tensor<?x?xf32> {
  %0 = tensor.cast %a : tensor<4x6xf32> to tensor<?x?xf32>
  %1 = tensor.cast %b : tensor<4x6xf32> to tensor<?x?xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%0 : tensor<?x?xf32>) outs(%1 : tensor<?x?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %3 = arith.mulf %in, %out : f32
    linalg.yield %3 : f32
  } -> tensor<?x?xf32>
  return %2 : tensor<?x?xf32>
}
// CHECK-LABEL: func.func @cast_into_matmul(
// CHECK-NEXT: %0 = linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x3xf32>) outs(%arg2 : tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: %cast = tensor.cast %0 : tensor<4x3xf32> to tensor<4x?xf32>
// CHECK-NEXT: return %cast : tensor<4x?xf32>
func.func @cast_into_matmul(%a: tensor<4x8xf32>, %b: tensor<8x3xf32>, %c: tensor<4x3xf32>) -> tensor<4x?xf32> {
  %0 = tensor.cast %b : tensor<8x3xf32> to tensor<8x?xf32>
  %1 = tensor.cast %c : tensor<4x3xf32> to tensor<4x?xf32>
  %2 = linalg.matmul ins(%a, %0 : tensor<4x8xf32>, tensor<8x?xf32>) outs(%1 : tensor<4x?xf32>) -> tensor<4x?xf32>
  return %2 : tensor<4x?xf32>
}
