// RUN: strata-opt %s --lower-affine --verify-each --verify-equivalence | FileCheck %s

// An affine.parallel without dimensions runs its body once. scf.parallel
// needs at least one dimension, so it lowers to one of a single iteration
// whose index the body ignores (mlir-opt 22 emits a dimensionless
// scf.parallel that fails its verifier: "needs at least one tuple element
// for lowerBound, upperBound and step"). Reductions combine the identity
// with the one value, as in any other affine.parallel lowering.

// CHECK-LABEL: func.func @reduce(%arg0: f32) -> f32 {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %0 = scf.parallel (%arg1) = (%c0) to (%c1) step (%c1) init (%cst) -> f32 {
// CHECK-NEXT:      %1 = arith.mulf %arg0, %arg0 : f32
// CHECK-NEXT:      scf.reduce(%1 : f32) {
func.func @reduce(%x: f32) -> f32 {
  %r = affine.parallel () = () to () reduce ("addf") -> f32 {
    %y = arith.mulf %x, %x : f32
    affine.yield %y : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @store(%arg0: memref<i32>, %arg1: i32) {
// CHECK:         scf.parallel (%arg2) = (%c0) to (%c1) step (%c1) {
// CHECK-NEXT:      memref.store %arg1, %arg0[] : memref<i32>
func.func @store(%m: memref<i32>, %v: i32) {
  affine.parallel () = () to () {
    memref.store %v, %m[] : memref<i32>
  }
  return
}
