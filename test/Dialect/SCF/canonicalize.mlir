// RUN: strata-opt --pass-pipeline="builtin.module(canonicalize)" %s | FileCheck %s
// RUN: strata-opt --pass-pipeline="builtin.module(canonicalize)" %s --verify-equivalence --equivalence-trials=8

// CHECK: module {
// CHECK-NEXT: func.func @zero_trip(%arg0: f32) -> f32 {
// CHECK-NEXT: return %arg0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @one_trip(%arg0: f32) -> f32 {
// CHECK-NEXT: %0 = arith.addf %arg0, %arg0 : f32
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @forwarded(%arg0: index, %arg1: index, %arg2: f32, %arg3: memref<4xf32>) -> f32 {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: scf.for %arg4 = %arg0 to %arg1 step %c1 {
// CHECK-NEXT: memref.store %arg2, %arg3[%arg4] : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %arg2 : f32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @static_if(%arg0: f32, %arg1: f32) -> f32 {
// CHECK-NEXT: %0 = arith.addf %arg0, %arg1 : f32
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @unused_result(%arg0: i1, %arg1: f32, %arg2: memref<4xf32>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: %0 = arith.addf %arg1, %arg1 : f32
// CHECK-NEXT: memref.store %0, %arg2[%c0] : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @to_select(%arg0: i1, %arg1: f32, %arg2: f32) -> f32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : f32
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @execute(%arg0: f32) -> f32 {
// CHECK-NEXT: %0 = arith.addf %arg0, %arg0 : f32
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:

// Zero- and one-trip loops, forwarded iter_args, constant conditions,
// unused results, trivial ifs to select, single-block execute_region.

func.func @zero_trip(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c4 to %c0 step %c1 iter_args(%a = %v) -> (f32) {
    %s = arith.addf %a, %a : f32
    scf.yield %s : f32
  }
  return %r : f32
}

func.func @one_trip(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%a = %v) -> (f32) {
    %s = arith.addf %a, %a : f32
    scf.yield %s : f32
  }
  return %r : f32
}

func.func @forwarded(%lb: index, %ub: index, %v: f32, %A: memref<4xf32>) -> f32 {
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%a = %v) -> (f32) {
    memref.store %a, %A[%i] : memref<4xf32>
    scf.yield %a : f32
  }
  return %r : f32
}

func.func @static_if(%a: f32, %b: f32) -> f32 {
  %true = arith.constant true
  %r = scf.if %true -> (f32) {
    %s = arith.addf %a, %b : f32
    scf.yield %s : f32
  } else {
    scf.yield %b : f32
  }
  return %r : f32
}

func.func @unused_result(%c: i1, %a: f32, %A: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> (f32) {
    %s = arith.addf %a, %a : f32
    memref.store %s, %A[%c0] : memref<4xf32>
    scf.yield %s : f32
  } else {
    scf.yield %a : f32
  }
  return
}

func.func @to_select(%c: i1, %a: f32, %b: f32) -> f32 {
  %r = scf.if %c -> (f32) {
    scf.yield %a : f32
  } else {
    scf.yield %b : f32
  }
  return %r : f32
}

func.func @execute(%a: f32) -> f32 {
  %r = scf.execute_region -> f32 {
    %s = arith.addf %a, %a : f32
    scf.yield %s : f32
  }
  return %r : f32
}
