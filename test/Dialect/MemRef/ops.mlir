// RUN: %roundtrip %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts

// CHECK: #map = affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @ops(%arg0: index, %arg1: index, %arg2: f32) {
// CHECK-NEXT: %alloc = memref.alloc() : memref<4x8xf32>
// CHECK-NEXT: %alloc_0 = memref.alloc(%arg0) {alignment = 64 : i64} : memref<?x8xf32>
// CHECK-NEXT: %alloca = memref.alloca(%arg0)[%arg1] : memref<?x8xf32, #map>
// CHECK-NEXT: %alloca_1 = memref.alloca() : memref<f32>
// CHECK-NEXT: memref.store %arg2, %alloc[%arg0, %arg1] : memref<4x8xf32>
// CHECK-NEXT: memref.store %arg2, %alloca_1[] : memref<f32>
// CHECK-NEXT: %0 = memref.load %alloc[%arg0, %arg1] : memref<4x8xf32>
// CHECK-NEXT: %1 = memref.load %alloc[%arg0, %arg1] {nontemporal = true} : memref<4x8xf32>
// CHECK-NEXT: %subview = memref.subview %alloc[%arg0, 2] [2, 4] [1, 1] : memref<4x8xf32> to memref<2x4xf32, strided<[8, 1], offset: ?>>
// CHECK-NEXT: %subview_2 = memref.subview %alloc[0, 0] [4, 4] [1, 2] : memref<4x8xf32> to memref<4x4xf32, strided<[8, 2]>>
// CHECK-NEXT: %cast = memref.cast %alloc : memref<4x8xf32> to memref<?x?xf32>
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %alloc to offset: [0], sizes: [32], strides: [1] : memref<4x8xf32> to memref<32xf32>
// CHECK-NEXT: %reinterpret_cast_3 = memref.reinterpret_cast %alloc to offset: [%arg0], sizes: [%arg1, 4], strides: [4, 1] : memref<4x8xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
// CHECK-NEXT: memref.copy %alloc, %alloc : memref<4x8xf32> to memref<4x8xf32>
// CHECK-NEXT: %collapse_shape = memref.collapse_shape %alloc {{\[\[}}0, 1]] : memref<4x8xf32> into memref<32xf32>
// CHECK-NEXT: %expand_shape = memref.expand_shape %collapse_shape {{\[\[}}0, 1]] output_shape [4, 8] : memref<32xf32> into memref<4x8xf32>
// CHECK-NEXT: %expand_shape_4 = memref.expand_shape %alloc_0 {{\[\[}}0, 1], [2]] output_shape [%arg0, 2, 8] : memref<?x8xf32> into memref<?x2x8xf32>
// CHECK-NEXT: %2 = memref.get_global @gv : memref<2xf32>
// CHECK-NEXT: %dim = memref.dim %alloc_0, %arg0 : memref<?x8xf32>
// CHECK-NEXT: %3 = memref.rank %alloc_0 : memref<?x8xf32>
// CHECK-NEXT: %cast_5 = memref.cast %alloc : memref<4x8xf32> to memref<*xf32>
// CHECK-NEXT: memref.dealloc %alloc : memref<4x8xf32>
// CHECK-NEXT: memref.dealloc %alloc_0 : memref<?x8xf32>
// CHECK-NEXT: %alloc_6 = memref.alloc() : memref<2048xi8>
// CHECK-NEXT: %view = memref.view %alloc_6[%arg0][%arg1] : memref<2048xi8> to memref<?x4xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: memref.global "private" constant @gv : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]>
// CHECK-NEXT: memref.global @gv2 : memref<2xf32> = uninitialized
// CHECK-NEXT: memref.global "private" @gv3 : memref<3xi32> {alignment = 64 : i64}
// CHECK-NEXT: memref.global @gv4 : memref<f32> = dense<1.000000e+00>
// CHECK-NEXT: }
// CHECK-EMPTY:

#map = affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>
func.func @ops(%n: index, %m: index, %v: f32) {
  %a = memref.alloc() : memref<4x8xf32>
  %b = memref.alloc(%n) {alignment = 64 : i64} : memref<?x8xf32>
  %c = memref.alloca(%n)[%m] : memref<?x8xf32, #map>
  %s = memref.alloca() : memref<f32>
  memref.store %v, %a[%n, %m] : memref<4x8xf32>
  memref.store %v, %s[] : memref<f32>
  %x = memref.load %a[%n, %m] : memref<4x8xf32>
  %x2 = memref.load %a[%n, %m] {nontemporal = true} : memref<4x8xf32>
  %sv = memref.subview %a[%n, 2] [2, 4] [1, 1] : memref<4x8xf32> to memref<2x4xf32, strided<[8, 1], offset: ?>>
  %sv2 = memref.subview %a[0, 0] [4, 4] [1, 2] : memref<4x8xf32> to memref<4x4xf32, strided<[8, 2]>>
  %cast = memref.cast %a : memref<4x8xf32> to memref<?x?xf32>
  %rc = memref.reinterpret_cast %a to offset: [0], sizes: [32], strides: [1] : memref<4x8xf32> to memref<32xf32>
  %rc2 = memref.reinterpret_cast %a to offset: [%n], sizes: [%m, 4], strides: [4, 1] : memref<4x8xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
  memref.copy %a, %a : memref<4x8xf32> to memref<4x8xf32>
  %col = memref.collapse_shape %a [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  %exp = memref.expand_shape %col [[0, 1]] output_shape [4, 8] : memref<32xf32> into memref<4x8xf32>
  %exp2 = memref.expand_shape %b [[0, 1], [2]] output_shape [%n, 2, 8] : memref<?x8xf32> into memref<?x2x8xf32>
  %g = memref.get_global @gv : memref<2xf32>
  %d = memref.dim %b, %n : memref<?x8xf32>
  %r = memref.rank %b : memref<?x8xf32>
  %u = memref.cast %a : memref<4x8xf32> to memref<*xf32>
  memref.dealloc %a : memref<4x8xf32>
  memref.dealloc %b : memref<?x8xf32>
  %buf = memref.alloc() : memref<2048xi8>
  %view = memref.view %buf[%n][%m] : memref<2048xi8> to memref<?x4xf32>
  return
}
memref.global "private" constant @gv : memref<2xf32> = dense<[1.0, 2.0]>
memref.global @gv2 : memref<2xf32> = uninitialized
memref.global "private" @gv3 : memref<3xi32> {alignment = 64 : i64}
memref.global @gv4 : memref<f32> = dense<1.0>
