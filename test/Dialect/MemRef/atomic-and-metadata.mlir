// RUN: %roundtrip %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts
// Atomics, metadata extraction, memory-space casts and transposes; the
// CHECK lines are what mlir-opt 22 prints (result packs named after
// extract_strided_metadata's results, an empty pack gets no name).

// CHECK: module {
// CHECK-NEXT:   func.func @atomics(%arg0: memref<4x2xf32>, %arg1: memref<8xi32>, %arg2: f32, %arg3: i32, %arg4: index, %arg5: index) -> (f32, i32, f32) {
// CHECK-NEXT:     %0 = memref.atomic_rmw addf %arg2, %arg0[%arg4, %arg5] : (f32, memref<4x2xf32>) -> f32
// CHECK-NEXT:     %1 = memref.atomic_rmw maxs %arg3, %arg1[%arg4] {tag = 1 : i32} : (i32, memref<8xi32>) -> i32
// CHECK-NEXT:     %2 = memref.generic_atomic_rmw %arg0[%arg4, %arg5] : memref<4x2xf32> {
// CHECK-NEXT:     ^bb0(%arg6: f32):
// CHECK-NEXT:       %3 = arith.mulf %arg6, %arg2 : f32
// CHECK-NEXT:       memref.atomic_yield %3 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0, %1, %2 : f32, i32, f32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @metadata(%arg0: memref<4x?xf32>, %arg1: memref<?x?xf32, strided<[?, ?], offset: ?>>, %arg2: memref<f32>) -> memref<?x4xf32, strided<[1, ?]>> {
// CHECK-NEXT:     %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg0 : memref<4x?xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT:     %base_buffer_0, %offset_1, %sizes_2:2, %strides_3:2 = memref.extract_strided_metadata %arg1 : memref<?x?xf32, strided<[?, ?], offset: ?>> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT:     %base_buffer_4, %offset_5 = memref.extract_strided_metadata %arg2 : memref<f32> -> memref<f32>, index
// CHECK-NEXT:     %memspacecast = memref.memory_space_cast %arg0 : memref<4x?xf32> to memref<4x?xf32, 3>
// CHECK-NEXT:     %transpose = memref.transpose %arg0 (d0, d1) -> (d1, d0) : memref<4x?xf32> to memref<?x4xf32, strided<[1, ?]>>
// CHECK-NEXT:     return %transpose : memref<?x4xf32, strided<[1, ?]>>
// CHECK-NEXT:   }
// CHECK-NEXT: }

func.func @atomics(%m: memref<4x2xf32>, %mi: memref<8xi32>, %v: f32, %w: i32, %i: index, %j: index) -> (f32, i32, f32) {
  %a = memref.atomic_rmw addf %v, %m[%i, %j] : (f32, memref<4x2xf32>) -> f32
  %b = memref.atomic_rmw maxs %w, %mi[%i] {tag = 1 : i32} : (i32, memref<8xi32>) -> i32
  %c = memref.generic_atomic_rmw %m[%i, %j] : memref<4x2xf32> {
  ^bb0(%old: f32):
    %t = arith.mulf %old, %v : f32
    memref.atomic_yield %t : f32
  }
  return %a, %b, %c : f32, i32, f32
}
func.func @metadata(%m: memref<4x?xf32>, %s: memref<?x?xf32, strided<[?, ?], offset: ?>>, %z: memref<f32>) -> memref<?x4xf32, strided<[1, ?]>> {
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<4x?xf32> -> memref<f32>, index, index, index, index, index
  %b2:6 = memref.extract_strided_metadata %s : memref<?x?xf32, strided<[?, ?], offset: ?>> -> memref<f32>, index, index, index, index, index
  %b3:2 = memref.extract_strided_metadata %z : memref<f32> -> memref<f32>, index
  %cast = memref.memory_space_cast %m : memref<4x?xf32> to memref<4x?xf32, 3>
  %t = memref.transpose %m (i, j) -> (j, i) : memref<4x?xf32> to memref<?x4xf32, strided<[1, ?]>>
  return %t : memref<?x4xf32, strided<[1, ?]>>
}
