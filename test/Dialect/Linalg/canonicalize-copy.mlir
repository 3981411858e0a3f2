// linalg.copy canonicalization (MLIR's EraseSelfCopy): a copy of a buffer
// onto itself is erased, on tensors it is its input; a copy between two
// buffers stays. CHECK lines are mlir-opt 22's output.
// RUN: strata-opt %s --canonicalize | FileCheck %s
// RUN: strata-opt %s --canonicalize --verify-equivalence > /dev/null

func.func @self_copy_buffer(%a: memref<4x3xf32>, %b: memref<4x3xf32>) {
  linalg.copy ins(%a : memref<4x3xf32>) outs(%a : memref<4x3xf32>)
  linalg.copy ins(%a : memref<4x3xf32>) outs(%b : memref<4x3xf32>)
  return
}
func.func @self_copy_tensor(%t: tensor<5xi32>) -> tensor<5xi32> {
  %0 = linalg.copy ins(%t : tensor<5xi32>) outs(%t : tensor<5xi32>) -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

// CHECK: module {
// CHECK-NEXT: func.func @self_copy_buffer(%arg0: memref<4x3xf32>, %arg1: memref<4x3xf32>) {
// CHECK-NEXT: linalg.copy ins(%arg0 : memref<4x3xf32>) outs(%arg1 : memref<4x3xf32>)
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @self_copy_tensor(%arg0: tensor<5xi32>) -> tensor<5xi32> {
// CHECK-NEXT: return %arg0 : tensor<5xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }
