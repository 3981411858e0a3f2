// RUN: strata-opt %s --split-input-file --canonicalize | FileCheck %s
// RUN: strata-opt %s --split-input-file --canonicalize --verify-equivalence --equivalence-trials=8
// REQUIRES: mlir-opt
// RUN: strata-opt %s --split-input-file --canonicalize | %mlir-accepts --split-input-file
// MemRef canonicalizations from MLIR 22's MemRefOps.cpp: constant subview
// operands made static (with a cast back), subview of a relaxing cast,
// trivial subviews, constant allocation sizes, reinterpret_cast of
// reinterpret_cast/cast/subview/extract_strided_metadata, collapse of
// collapse and of a cast, self copies, casts folded into atomic_rmw and
// loads, dim of memref.reshape, and alloca_scope inlining.

func.func @subview_constants(%m: memref<8x16xf32>) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %0 = memref.subview %m[%c1, %c2] [%c4, %c4] [%c1, %c2] : memref<8x16xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %a = memref.load %0[%c1, %c2] : memref<?x?xf32, strided<[?, ?], offset: ?>>
  %1 = memref.subview %m[%c2, 3] [1, %c4] [1, 1] : memref<8x16xf32> to memref<?xf32, strided<[1], offset: ?>>
  %b = memref.load %1[%c2] : memref<?xf32, strided<[1], offset: ?>>
  return %a, %b : f32, f32
}

// -----

func.func @subview_of_cast_and_trivial(%m: memref<4x6xf32>) -> (f32, f32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %0 = memref.cast %m : memref<4x6xf32> to memref<?x?xf32>
  %1 = memref.subview %0[1, 2] [2, 3] [1, 1] : memref<?x?xf32> to memref<2x3xf32, strided<[?, 1], offset: ?>>
  %a = memref.load %1[%c1, %c2] : memref<2x3xf32, strided<[?, 1], offset: ?>>
  %2 = memref.subview %m[0, 0] [4, 6] [1, 1] : memref<4x6xf32> to memref<4x6xf32, strided<[6, 1]>>
  %b = memref.load %2[%c2, %c1] : memref<4x6xf32, strided<[6, 1]>>
  return %a, %b : f32, f32
}

// -----

func.func @alloc_constant_sizes(%v: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c0 = arith.constant 0 : index
  %0 = memref.alloc(%c3, %c1) : memref<?x?xf32>
  memref.store %v, %0[%c1, %c0] : memref<?x?xf32>
  %r = memref.load %0[%c1, %c0] : memref<?x?xf32>
  memref.dealloc %0 : memref<?x?xf32>
  return %r : f32
}

// -----

func.func @reinterpret_folds(%m: memref<8x2xf32>, %s: memref<16xf32>) -> (f32, f32, f32) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<8x2xf32> -> memref<f32>, index, index, index, index, index
  %0 = memref.reinterpret_cast %base to offset: [%offset], sizes: [%sizes#0, %sizes#1], strides: [%strides#0, %strides#1] : memref<f32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %a = memref.load %0[%c3, %c1] : memref<?x?xf32, strided<[?, ?], offset: ?>>
  %1 = memref.reinterpret_cast %base to offset: [1], sizes: [4, 2], strides: [%strides#0, 1] : memref<f32> to memref<4x2xf32, strided<[?, 1], offset: 1>>
  %b = memref.load %1[%c3, %c1] : memref<4x2xf32, strided<[?, 1], offset: 1>>
  %2 = memref.cast %s : memref<16xf32> to memref<?xf32>
  %3 = memref.subview %2[0] [8] [1] : memref<?xf32> to memref<8xf32, strided<[1]>>
  %4 = memref.reinterpret_cast %3 to offset: [2], sizes: [3], strides: [3] : memref<8xf32, strided<[1]>> to memref<3xf32, strided<[3], offset: 2>>
  %c = memref.load %4[%c1] : memref<3xf32, strided<[3], offset: 2>>
  return %a, %b, %c : f32, f32, f32
}

// -----

func.func @collapse_folds(%m: memref<2x3x4x5xf32>, %n: memref<?x512x1x1xf32>) -> (f32, f32) {
  %c7 = arith.constant 7 : index
  %c0 = arith.constant 0 : index
  %0 = memref.collapse_shape %m [[0, 1], [2], [3]] : memref<2x3x4x5xf32> into memref<6x4x5xf32>
  %1 = memref.collapse_shape %0 [[0], [1, 2]] : memref<6x4x5xf32> into memref<6x20xf32>
  %a = memref.load %1[%c0, %c7] : memref<6x20xf32>
  %2 = memref.cast %n : memref<?x512x1x1xf32> to memref<?x?x?x?xf32>
  %3 = memref.collapse_shape %2 [[0], [1, 2, 3]] : memref<?x?x?x?xf32> into memref<?x?xf32>
  %b = memref.load %3[%c0, %c7] : memref<?x?xf32>
  return %a, %b : f32, f32
}

// -----

func.func @copies_and_casts(%m: memref<4xf32>, %v: f32) -> f32 {
  %c1 = arith.constant 1 : index
  memref.copy %m, %m : memref<4xf32> to memref<4xf32>
  %0 = memref.cast %m : memref<4xf32> to memref<?xf32>
  %1 = memref.cast %0 : memref<?xf32> to memref<4xf32>
  %2 = memref.atomic_rmw addf %v, %0[%c1] : (f32, memref<?xf32>) -> f32
  %r = memref.load %1[%c1] : memref<4xf32>
  return %r : f32
}

// -----

func.func @dim_of_reshape(%m: memref<6xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %shape = memref.alloca() : memref<2xi32>
  %i2 = arith.constant 2 : i32
  %i3 = arith.constant 3 : i32
  memref.store %i2, %shape[%c0] : memref<2xi32>
  memref.store %i3, %shape[%c1] : memref<2xi32>
  %0 = memref.reshape %m(%shape) : (memref<6xf32>, memref<2xi32>) -> memref<?x?xf32>
  %d0 = memref.dim %0, %c0 : memref<?x?xf32>
  %d1 = memref.dim %0, %c1 : memref<?x?xf32>
  return %d0, %d1 : index, index
}

// -----

func.func @alloca_scope_inline(%m: memref<4xf32>) -> f32 {
  %c1 = arith.constant 1 : index
  %r = memref.alloca_scope -> (f32) {
    %v = memref.load %m[%c1] : memref<4xf32>
    memref.alloca_scope.return %v : f32
  }
  %s = memref.alloca_scope -> (f32) {
    %c0 = arith.constant 0 : index
    %t = memref.alloca() : memref<1xf32>
    memref.store %r, %t[%c0] : memref<1xf32>
    %w = memref.load %t[%c0] : memref<1xf32>
    memref.alloca_scope.return %w : f32
  }
  return %s : f32
}

// CHECK lines: mlir-opt 22 --canonicalize on the same input.
// CHECK-LABEL: func.func @subview_constants(%arg0: memref<8x16xf32>) -> (f32, f32) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %subview = memref.subview %arg0[1, 2] [4, 4] [1, 2] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 2], offset: 18>>
// CHECK-NEXT: %0 = memref.load %subview[%c1, %c2] : memref<4x4xf32, strided<[16, 2], offset: 18>>
// CHECK-NEXT: %subview_0 = memref.subview %arg0[2, 3] [1, 4] [1, 1] : memref<8x16xf32> to memref<4xf32, strided<[1], offset: 35>>
// CHECK-NEXT: %1 = memref.load %subview_0[%c2] : memref<4xf32, strided<[1], offset: 35>>
// CHECK-NEXT: return %0, %1 : f32, f32
// CHECK-LABEL: func.func @subview_of_cast_and_trivial(%arg0: memref<4x6xf32>) -> (f32, f32) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %subview = memref.subview %arg0[1, 2] [2, 3] [1, 1] : memref<4x6xf32> to memref<2x3xf32, strided<[6, 1], offset: 8>>
// CHECK-NEXT: %0 = memref.load %subview[%c1, %c2] : memref<2x3xf32, strided<[6, 1], offset: 8>>
// CHECK-NEXT: %1 = memref.load %arg0[%c2, %c1] : memref<4x6xf32>
// CHECK-NEXT: return %0, %1 : f32, f32
// CHECK-LABEL: func.func @alloc_constant_sizes(%arg0: f32) -> f32 {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %alloc = memref.alloc() : memref<3x1xf32>
// CHECK-NEXT: memref.store %arg0, %alloc[%c1, %c0] : memref<3x1xf32>
// CHECK-NEXT: %0 = memref.load %alloc[%c1, %c0] : memref<3x1xf32>
// CHECK-NEXT: memref.dealloc %alloc : memref<3x1xf32>
// CHECK-NEXT: return %0 : f32
// CHECK-LABEL: func.func @reinterpret_folds(%arg0: memref<8x2xf32>, %arg1: memref<16xf32>) -> (f32, f32, f32) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %0 = memref.load %arg0[%c3, %c1] : memref<8x2xf32>
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [1], sizes: [4, 2], strides: [2, 1] : memref<8x2xf32> to memref<4x2xf32, strided<[2, 1], offset: 1>>
// CHECK-NEXT: %1 = memref.load %reinterpret_cast[%c3, %c1] : memref<4x2xf32, strided<[2, 1], offset: 1>>
// CHECK-NEXT: %reinterpret_cast_0 = memref.reinterpret_cast %arg1 to offset: [2], sizes: [3], strides: [3] : memref<16xf32> to memref<3xf32, strided<[3], offset: 2>>
// CHECK-NEXT: %2 = memref.load %reinterpret_cast_0[%c1] : memref<3xf32, strided<[3], offset: 2>>
// CHECK-NEXT: return %0, %1, %2 : f32, f32, f32
// CHECK-LABEL: func.func @collapse_folds(%arg0: memref<2x3x4x5xf32>, %arg1: memref<?x512x1x1xf32>) -> (f32, f32) {
// CHECK-NEXT: %c7 = arith.constant 7 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %collapse_shape = memref.collapse_shape %arg0 {{\[\[}}0, 1], [2, 3]] : memref<2x3x4x5xf32> into memref<6x20xf32>
// CHECK-NEXT: %0 = memref.load %collapse_shape[%c0, %c7] : memref<6x20xf32>
// CHECK-NEXT: %collapse_shape_0 = memref.collapse_shape %arg1 {{\[\[}}0], [1, 2, 3]] : memref<?x512x1x1xf32> into memref<?x512xf32>
// CHECK-NEXT: %1 = memref.load %collapse_shape_0[%c0, %c7] : memref<?x512xf32>
// CHECK-NEXT: return %0, %1 : f32, f32
// CHECK-LABEL: func.func @copies_and_casts(%arg0: memref<4xf32>, %arg1: f32) -> f32 {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = memref.atomic_rmw addf %arg1, %arg0[%c1] : (f32, memref<4xf32>) -> f32
// CHECK-NEXT: %1 = memref.load %arg0[%c1] : memref<4xf32>
// CHECK-NEXT: return %1 : f32
// CHECK-LABEL: func.func @dim_of_reshape(%arg0: memref<6xf32>) -> (index, index) {
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %alloca = memref.alloca() : memref<2xi32>
// CHECK-NEXT: memref.store %c2_i32, %alloca[%c0] : memref<2xi32>
// CHECK-NEXT: memref.store %c3_i32, %alloca[%c1] : memref<2xi32>
// CHECK-NEXT: %0 = memref.load %alloca[%c1] : memref<2xi32>
// CHECK-NEXT: %1 = arith.index_cast %0 : i32 to index
// CHECK-NEXT: %2 = memref.load %alloca[%c0] : memref<2xi32>
// CHECK-NEXT: %3 = arith.index_cast %2 : i32 to index
// CHECK-NEXT: return %3, %1 : index, index
// CHECK-LABEL: func.func @alloca_scope_inline(%arg0: memref<4xf32>) -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = memref.load %arg0[%c1] : memref<4xf32>
// CHECK-NEXT: %alloca = memref.alloca() : memref<1xf32>
// CHECK-NEXT: memref.store %0, %alloca[%c0] : memref<1xf32>
// CHECK-NEXT: %1 = memref.load %alloca[%c0] : memref<1xf32>
// CHECK-NEXT: return %1 : f32
