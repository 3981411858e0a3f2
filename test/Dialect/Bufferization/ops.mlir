// RUN: %roundtrip %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts
// Round trip of the bufferization ops (MLIR 22: to_buffer, no to_memref); CHECK lines are mlir-opt 22's output.

// CHECK: module {
// CHECK-NEXT:   func.func @f(%arg0: memref<4xf32>, %arg1: tensor<4xf32>, %arg2: index, %arg3: tensor<?xf32>) -> tensor<4xf32> {
// CHECK-NEXT:     %0 = bufferization.to_tensor %arg0 : memref<4xf32> to tensor<4xf32>
// CHECK-NEXT:     %1 = bufferization.to_tensor %arg0 restrict writable : memref<4xf32> to tensor<4xf32>
// CHECK-NEXT:     %2 = bufferization.to_buffer %arg1 : tensor<4xf32> to memref<4xf32>
// CHECK-NEXT:     %3 = bufferization.to_buffer %arg1 read_only : tensor<4xf32> to memref<4xf32>
// CHECK-NEXT:     %4 = bufferization.alloc_tensor(%arg2) : tensor<?xf32>
// CHECK-NEXT:     %5 = bufferization.alloc_tensor() copy(%arg1) : tensor<4xf32>
// CHECK-NEXT:     %6 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
// CHECK-NEXT:     %7 = bufferization.materialize_in_destination %arg1 in %0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:     bufferization.materialize_in_destination %arg1 in restrict writable %arg0 : (tensor<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:     bufferization.dealloc_tensor %4 : tensor<?xf32>
// CHECK-NEXT:     return %7 : tensor<4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }

func.func @f(%m: memref<4xf32>, %t: tensor<4xf32>, %i: index, %d: tensor<?xf32>) -> tensor<4xf32> {
  %0 = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
  %1 = bufferization.to_tensor %m restrict writable : memref<4xf32> to tensor<4xf32>
  %2 = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  %3 = bufferization.to_buffer %t read_only : tensor<4xf32> to memref<4xf32>
  %4 = bufferization.alloc_tensor(%i) : tensor<?xf32>
  %5 = bufferization.alloc_tensor() copy(%t) : tensor<4xf32>
  %6 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  %7 = bufferization.materialize_in_destination %t in %0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  bufferization.materialize_in_destination %t in restrict writable %m : (tensor<4xf32>, memref<4xf32>) -> ()
  bufferization.dealloc_tensor %4 : tensor<?xf32>
  return %7 : tensor<4xf32>
}
