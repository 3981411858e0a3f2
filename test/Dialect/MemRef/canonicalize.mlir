// RUN: strata-opt --pass-pipeline="builtin.module(canonicalize)" %s | FileCheck %s
// RUN: strata-opt --pass-pipeline="builtin.module(canonicalize)" %s --verify-equivalence --equivalence-trials=8
// REQUIRES: mlir-opt
// RUN: strata-opt --pass-pipeline="builtin.module(canonicalize)" %s | %mlir-accepts

// memref folds: dim of a static dimension, rank, cast chains, casts absorbed
// by load/store/copy, identity casts. CHECK lines are mlir-opt 22's output.

// CHECK: module {
// CHECK-LABEL: func.func @dim_static(%arg0: memref<4x?xf32>) -> (index, index) {
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: return %c4, %c2 : index, index
// CHECK-NEXT: }
// CHECK-LABEL: func.func @cast_chain(%arg0: memref<4xf32>) -> f32 {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = memref.load %arg0[%c1] : memref<4xf32>
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @cast_into_load_store(%arg0: memref<4x4xf32>, %arg1: f32) -> f32 {
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: memref.store %arg1, %arg0[%c2, %c2] : memref<4x4xf32>
// CHECK-NEXT: %0 = memref.load %arg0[%c2, %c2] : memref<4x4xf32>
// CHECK-NEXT: %1 = arith.addf %0, %arg1 : f32
// CHECK-NEXT: return %1 : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @cast_into_copy(%arg0: memref<3xi32>, %arg1: memref<3xi32>) {
// CHECK-NEXT: memref.copy %arg0, %arg1 : memref<3xi32> to memref<3xi32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @identity_cast(%arg0: memref<4xf32>) -> f32 {
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %0 = memref.load %arg0[%c3] : memref<4xf32>
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @dim_static(%m: memref<4x?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %d = memref.dim %m, %c0 : memref<4x?xf32>
  %r = memref.rank %m : memref<4x?xf32>
  return %d, %r : index, index
}

func.func @cast_chain(%m: memref<4xf32>) -> f32 {
  %c1 = arith.constant 1 : index
  %a = memref.cast %m : memref<4xf32> to memref<?xf32>
  %b = memref.cast %a : memref<?xf32> to memref<4xf32>
  %v = memref.load %b[%c1] : memref<4xf32>
  return %v : f32
}

func.func @cast_into_load_store(%m: memref<4x4xf32>, %x: f32) -> f32 {
  %c2 = arith.constant 2 : index
  %a = memref.cast %m : memref<4x4xf32> to memref<?x?xf32>
  memref.store %x, %a[%c2, %c2] : memref<?x?xf32>
  %v = memref.load %a[%c2, %c2] : memref<?x?xf32>
  %y = arith.addf %v, %x : f32
  return %y : f32
}

func.func @cast_into_copy(%s: memref<3xi32>, %t: memref<3xi32>) {
  %a = memref.cast %s : memref<3xi32> to memref<?xi32>
  %b = memref.cast %t : memref<3xi32> to memref<?xi32>
  memref.copy %a, %b : memref<?xi32> to memref<?xi32>
  return
}

func.func @identity_cast(%m: memref<4xf32>) -> f32 {
  %c3 = arith.constant 3 : index
  %a = memref.cast %m : memref<4xf32> to memref<4xf32>
  %v = memref.load %a[%c3] : memref<4xf32>
  return %v : f32
}
