// RUN: %roundtrip %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts | FileCheck %s
// Valid views Strata used to reject: an allocation whose strided layout
// has dynamic offset/strides takes one symbol operand for each (MLIR
// counts the symbols of the layout's affine form), rank-0 reshapes of
// unit dimensions, and reinterpret_casts whose result type is more
// dynamic than their static sizes/offset/strides.

// CHECK-LABEL: func.func @alloc_strided_symbols
// CHECK: %alloc = memref.alloc(%arg0)[%arg1, %arg2] : memref<?xi32, strided<[?], offset: ?>>
// CHECK: %alloca = memref.alloca()[%arg1] : memref<4xi32, strided<[?]>>
func.func @alloc_strided_symbols(%n: index, %s0: index, %s1: index) {
  %0 = memref.alloc(%n)[%s0, %s1] : memref<?xi32, strided<[?], offset: ?>>
  %1 = memref.alloca()[%s0] : memref<4xi32, strided<[?]>>
  return
}

// CHECK-LABEL: func.func @rank0_reshapes
// CHECK: memref.collapse_shape %arg0 [] : memref<1x1xf32> into memref<f32>
// CHECK: memref.expand_shape %{{.*}} [] output_shape [1, 1, 1] : memref<f32> into memref<1x1x1xf32>
// CHECK: memref.collapse_shape %arg1 [] : memref<1xf32, strided<[7], offset: 3>> into memref<f32, strided<[], offset: 3>>
func.func @rank0_reshapes(%m: memref<1x1xf32>, %s: memref<1xf32, strided<[7], offset: 3>>) -> memref<1x1x1xf32> {
  %0 = memref.collapse_shape %m [] : memref<1x1xf32> into memref<f32>
  %1 = memref.expand_shape %0 [] output_shape [1, 1, 1] : memref<f32> into memref<1x1x1xf32>
  %2 = memref.collapse_shape %s [] : memref<1xf32, strided<[7], offset: 3>> into memref<f32, strided<[], offset: 3>>
  return %1 : memref<1x1x1xf32>
}

// CHECK-LABEL: func.func @reinterpret_to_dynamic
// CHECK: memref.reinterpret_cast %arg0 to offset: [1], sizes: [4, 2], strides: [2, 1] : memref<f32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK: memref.reinterpret_cast %arg0 to offset: [%arg1], sizes: [4, 2], strides: [%arg1, 1] : memref<f32> to memref<4x?xf32, strided<[?, 1], offset: ?>>
func.func @reinterpret_to_dynamic(%m: memref<f32>, %a: index) {
  %0 = memref.reinterpret_cast %m to offset: [1], sizes: [4, 2], strides: [2, 1] : memref<f32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %1 = memref.reinterpret_cast %m to offset: [%a], sizes: [4, 2], strides: [%a, 1] : memref<f32> to memref<4x?xf32, strided<[?, 1], offset: ?>>
  return
}

// A rank-reducing subview whose dropped unit dimension is found by its
// stride (MLIR's computeMemRefRankReductionMask), not just by position.
// CHECK-LABEL: func.func @rank_reduced_by_stride
// CHECK: memref.subview %arg0[0, %arg1, %arg1] [1, 1, %arg1] [1, 1, 1] : memref<1x384x384xf32> to memref<1x?xf32, strided<[384, 1], offset: ?>>
func.func @rank_reduced_by_stride(%m: memref<1x384x384xf32>, %i: index) {
  %0 = memref.subview %m[0, %i, %i] [1, 1, %i] [1, 1, 1] : memref<1x384x384xf32> to memref<1x?xf32, strided<[384, 1], offset: ?>>
  return
}
