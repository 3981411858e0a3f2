
// CHECK: module {
// CHECK-NEXT: func.func @to_buffer_of_to_tensor(%arg0: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT: return %arg0 : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @to_tensor_of_to_buffer(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: return %arg0 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @dead(%arg0: memref<4xf32>, %arg1: tensor<4xf32>) {
// CHECK-NEXT: %0 = bufferization.alloc_tensor() : tensor<4xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @dim_of_alloc_tensor(%arg0: index) -> index {
// CHECK-NEXT: %0 = bufferization.alloc_tensor(%arg0) : tensor<?xf32>
// CHECK-NEXT: return %arg0 : index
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:

// Bufferization canonicalization (folds and patterns), output as mlir-opt 22's; the
// functions compute the same before and after on random inputs.
// RUN: strata-opt %s --canonicalize | FileCheck %s
// RUN: strata-opt %s --canonicalize --verify-equivalence > /dev/null
// REQUIRES: mlir-opt
// RUN: strata-opt %s --canonicalize | %mlir-accepts > /dev/null

func.func @to_buffer_of_to_tensor(%m: memref<4xf32>) -> memref<4xf32> {
  %t = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
  %b = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  return %b : memref<4xf32>
}
func.func @to_tensor_of_to_buffer(%t: tensor<4xf32>) -> tensor<4xf32> {
  %b = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  %r = bufferization.to_tensor %b : memref<4xf32> to tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @dead(%m: memref<4xf32>, %t: tensor<4xf32>) {
  %0 = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
  %1 = bufferization.alloc_tensor() : tensor<4xf32>
  return
}
func.func @dim_of_alloc_tensor(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %0 = bufferization.alloc_tensor(%n) : tensor<?xf32>
  %d = tensor.dim %0, %c0 : tensor<?xf32>
  return %d : index
}
