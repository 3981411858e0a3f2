// RUN: strata-opt --pass-pipeline="builtin.module(canonicalize)" %s | FileCheck %s
// RUN: strata-opt --pass-pipeline="builtin.module(canonicalize)" %s --verify-equivalence --equivalence-trials=8

// CHECK: module {
// CHECK-NEXT: func.func @compose(%arg0: index, %arg1: memref<100xf32>) -> f32 {
// CHECK-NEXT: %0 = affine.load %arg1[symbol(%arg0) * 2 + 3] : memref<100xf32>
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @constants() -> index {
// CHECK-NEXT: %c10 = arith.constant 10 : index
// CHECK-NEXT: return %c10 : index
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:

// affine.apply chains compose into their users, constants fold into maps,
// function arguments become symbols, constant applies and mins fold.

func.func @compose(%i: index, %A: memref<100xf32>) -> f32 {
  %c3 = arith.constant 3 : index
  %a = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
  %b = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%a, %c3)
  %x = affine.load %A[%b] : memref<100xf32>
  return %x : f32
}

func.func @constants() -> index {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %r = affine.apply affine_map<(d0)[s0] -> (d0 * s0 + 1)>(%c3)[%c5]
  %m = affine.min affine_map<(d0) -> (d0, 10)>(%r)
  return %m : index
}
