// memref.view canonicalization (MLIR's ViewOpShapeFolder and
// ViewOpMemrefCastFolder): constant sizes become static dimensions (a
// memref.cast back, which the loads and stores absorb), and a view of a
// cast of an allocation views the allocation. The CHECK lines are mlir-opt
// 22's output.
// RUN: strata-opt %s --canonicalize | FileCheck %s
// RUN: strata-opt %s --canonicalize --verify-equivalence

// CHECK-LABEL: func.func @views(%arg0: index) -> (f32, f32, f32) {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %cst = arith.constant 1.500000e+00 : f32
// CHECK-NEXT:   %c16 = arith.constant 16 : index
// CHECK-NEXT:   %alloc = memref.alloc() : memref<2048xi8>
// CHECK-NEXT:   %view = memref.view %alloc[%c16][] : memref<2048xi8> to memref<7x11xf32>
// CHECK-NEXT:   memref.store %cst, %view[%c0, %c0] : memref<7x11xf32>
// CHECK-NEXT:   %0 = memref.load %view[%c0, %c0] : memref<7x11xf32>
// CHECK-NEXT:   %view_0 = memref.view %alloc[%c16][] : memref<2048xi8> to memref<15x7xf32>
// CHECK-NEXT:   memref.store %cst, %view_0[%c0, %c0] : memref<15x7xf32>
// CHECK-NEXT:   %1 = memref.load %view_0[%c0, %c0] : memref<15x7xf32>
// CHECK-NEXT:   return %0, %1, %0 : f32, f32, f32
// CHECK-NEXT: }

func.func @views(%arg0: index) -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c0f = arith.constant 1.5 : f32
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %0 = memref.alloc() : memref<2048xi8>
  %1 = memref.view %0[%c16][%c7, %c11] : memref<2048xi8> to memref<?x?xf32>
  memref.store %c0f, %1[%c0, %c0] : memref<?x?xf32>
  %v0 = memref.load %1[%c0, %c0] : memref<?x?xf32>
  %2 = memref.view %0[%c16][%arg0, %arg0, %c7] : memref<2048xi8> to memref<?x?x?xf32>
  %cast = memref.cast %0 : memref<2048xi8> to memref<?xi8>
  %3 = memref.view %cast[%c16][%c15, %c7] : memref<?xi8> to memref<?x?xf32>
  memref.store %c0f, %3[%c0, %c0] : memref<?x?xf32>
  %v1 = memref.load %3[%c0, %c0] : memref<?x?xf32>
  %d = memref.dim %2, %c0 : memref<?x?x?xf32>
  return %v0, %v1, %v0 : f32, f32, f32
}
