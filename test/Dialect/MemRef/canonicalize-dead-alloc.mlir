// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(canonicalize))' --split-input-file | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(canonicalize))' --split-input-file --verify-equivalence --equivalence-trials=8

// SimplifyDeadAlloc: an allocation only stored into and freed goes away
// with its users. CHECK lines are mlir-opt 22's output for the same input.
// CHECK-LABEL: func.func @dead_alloc_with_stores
// CHECK-SAME: (%arg0: f32, %arg1: index) -> f32 {
// CHECK-NEXT: return %arg0 : f32
// CHECK-NEXT: }
func.func @dead_alloc_with_stores(%v: f32, %i: index) -> f32 {
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%i] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  %b = memref.alloca() : memref<2xf32>
  memref.store %v, %b[%i] : memref<2xf32>
  return %v : f32
}

// -----
// CHECK-LABEL: func.func @alloc_read_is_kept
// CHECK-SAME: (%arg0: f32) -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.store %arg0, %alloc[%c0] : memref<4xf32>
// CHECK-NEXT: %0 = memref.load %alloc[%c0] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %alloc : memref<4xf32>
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
func.func @alloc_read_is_kept(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  %r = memref.load %a[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return %r : f32
}
