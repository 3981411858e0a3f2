
// CHECK: module {
// CHECK-NEXT: func.func @extract_constant() -> (f32, i32) {
// CHECK-NEXT: %cst = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: return %cst, %c7_i32 : f32, i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @dim_static(%arg0: tensor<4x?xf32>) -> (index, index) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %dim = tensor.dim %arg0, %c1 : tensor<4x?xf32>
// CHECK-NEXT: return %c4, %dim : index, index
// CHECK-NEXT: }
// CHECK-NEXT: func.func @identity_slices(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
// CHECK-NEXT: return %arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @cast_chain(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: return %arg0 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @reshape_identity(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: return %arg0 : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @concat_one(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: return %arg0 : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @extract_from_insert(%arg0: tensor<4xi32>, %arg1: i32) -> i32 {
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @dead_ops(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: return %arg0 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:

// Tensor canonicalization (folds and patterns), output as mlir-opt 22's; the
// functions compute the same before and after on random inputs.
// RUN: strata-opt %s --canonicalize | FileCheck %s
// RUN: strata-opt %s --canonicalize --verify-equivalence > /dev/null
// REQUIRES: mlir-opt
// RUN: strata-opt %s --canonicalize | %mlir-accepts > /dev/null

func.func @extract_constant() -> (f32, i32) {
  %c1 = arith.constant 1 : index
  %cst = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %splat = arith.constant dense<7> : tensor<2x2xi32>
  %0 = tensor.extract %cst[%c1] : tensor<3xf32>
  %1 = tensor.extract %splat[%c1, %c1] : tensor<2x2xi32>
  return %0, %1 : f32, i32
}
func.func @dim_static(%t: tensor<4x?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.dim %t, %c0 : tensor<4x?xf32>
  %1 = tensor.dim %t, %c1 : tensor<4x?xf32>
  return %0, %1 : index, index
}
func.func @identity_slices(%t: tensor<4x8xf32>, %s: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %0 = tensor.extract_slice %t[0, 0] [4, 8] [1, 1] : tensor<4x8xf32> to tensor<4x8xf32>
  %1 = tensor.insert_slice %s into %t[0, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<4x8xf32>
  return %0, %1 : tensor<4x8xf32>, tensor<4x8xf32>
}
func.func @cast_chain(%t: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %1 = tensor.cast %0 : tensor<?xf32> to tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func @reshape_identity(%t: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tensor.collapse_shape %t [[0], [1]] : tensor<2x3xf32> into tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @concat_one(%t: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tensor.concat dim(0) %t : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @extract_from_insert(%t: tensor<4xi32>, %v: i32) -> i32 {
  %c2 = arith.constant 2 : index
  %0 = tensor.insert %v into %t[%c2] : tensor<4xi32>
  %1 = tensor.extract %0[%c2] : tensor<4xi32>
  return %1 : i32
}
func.func @dead_ops(%t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<8xf32>
  %s = tensor.extract_slice %t[0] [2] [1] : tensor<4xf32> to tensor<2xf32>
  %d = tensor.dim %t, %c0 : tensor<4xf32>
  return %t : tensor<4xf32>
}
