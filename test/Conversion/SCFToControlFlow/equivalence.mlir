// Differential test of convert-scf-to-cf: loops (signed and unsigned
// comparisons, non-unit steps, several carried values), conditionals with
// side effects, while loops, multi-block execute_region and parallel loops
// with a reduction run in the reference interpreter before and after the
// pass on random inputs; results and memref arguments must agree.
// RUN: strata-opt %s --pass-pipeline="builtin.module(convert-scf-to-cf)" --verify-equivalence --equivalence-trials=20
// RUN: strata-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),convert-scf-to-cf,func.func(canonicalize,cse))" --verify-equivalence --equivalence-trials=8 --equivalence-seed=3
// RUN: strata-run %s --entry collatz --input 0 --print | FileCheck %s --check-prefix=COLLATZ
// RUN: strata-opt %s --pass-pipeline="builtin.module(convert-scf-to-cf)" | strata-run - --entry collatz --input 0 --print | FileCheck %s --check-prefix=COLLATZ
// RUN: strata-run %s --entry unsigned_loop --input 250 --input=-2 --print | FileCheck %s --check-prefix=UNSIGNED
// RUN: strata-opt %s --pass-pipeline="builtin.module(convert-scf-to-cf)" | strata-run - --entry unsigned_loop --input 250 --input=-2 --print | FileCheck %s --check-prefix=UNSIGNED

// 27 reaches 1 after 111 steps.
// COLLATZ: 1 : i32
// COLLATZ-NEXT: 111 : i32
// From 250 to 254 (-2 as an unsigned i8).
// UNSIGNED: 4 : i8

func.func @sum_rows(%A: memref<4x8xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    %s = scf.for %j = %c0 to %c8 step %c1 iter_args(%acc = %z) -> (f32) {
      %v = memref.load %A[%i, %j] : memref<4x8xf32>
      %p = arith.addf %acc, %v : f32
      scf.yield %p : f32
    }
    memref.store %s, %out[%i] : memref<4xf32>
  }
  return
}

func.func @clamp_max(%A: memref<?xi32>, %t: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xi32>
  %init = arith.constant -100 : i32
  %cnt0 = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %m, %cnt = scf.for %i = %c0 to %n step %c1 iter_args(%best = %init, %k = %cnt0) -> (i32, i32) {
    %v = memref.load %A[%i] : memref<?xi32>
    %gt = arith.cmpi sgt, %v, %t : i32
    %r:2 = scf.if %gt -> (i32, i32) {
      memref.store %t, %A[%i] : memref<?xi32>
      %k1 = arith.addi %k, %one : i32
      scf.yield %t, %k1 : i32, i32
    } else {
      %b = arith.maxsi %best, %v : i32
      scf.yield %b, %k : i32, i32
    }
    scf.yield %r#0, %r#1 : i32, i32
  }
  return %m, %cnt : i32, i32
}

func.func @collatz(%x: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c0 = arith.constant 0 : i32
  %a = arith.constant 27 : i32
  %start = arith.addi %x, %a : i32
  %r:2 = scf.while (%v = %start, %n = %c0) : (i32, i32) -> (i32, i32) {
    %more = arith.cmpi sgt, %v, %c1 : i32
    scf.condition(%more) %v, %n : i32, i32
  } do {
  ^bb0(%v: i32, %n: i32):
    %rem = arith.remsi %v, %c2 : i32
    %odd = arith.cmpi ne, %rem, %c0 : i32
    %next = scf.if %odd -> i32 {
      %t = arith.muli %v, %c3 : i32
      %t1 = arith.addi %t, %c1 : i32
      scf.yield %t1 : i32
    } else {
      %h = arith.divsi %v, %c2 : i32
      scf.yield %h : i32
    }
    %n1 = arith.addi %n, %c1 : i32
    scf.yield %next, %n1 : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

func.func @step_loop(%lb: index, %ub: index) -> index {
  %c3 = arith.constant 3 : index
  %z = arith.constant 0 : index
  %r = scf.for %i = %lb to %ub step %c3 iter_args(%acc = %z) -> (index) {
    %s = arith.addi %acc, %i : index
    scf.yield %s : index
  }
  return %r : index
}

func.func @unsigned_loop(%lb: i8, %ub: i8) -> i8 {
  %c1 = arith.constant 1 : i8
  %z = arith.constant 0 : i8
  %r = scf.for unsigned %i = %lb to %ub step %c1 iter_args(%acc = %z) -> (i8) : i8 {
    %s = arith.addi %acc, %c1 : i8
    scf.yield %s : i8
  }
  return %r : i8
}

func.func @exec(%c: i1, %x: f32, %y: f32) -> f32 {
  %r = scf.execute_region -> f32 {
    cf.cond_br %c, ^a, ^b
  ^a:
    %s = arith.addf %x, %y : f32
    cf.br ^c(%s : f32)
  ^b:
    %m = arith.mulf %x, %y : f32
    cf.br ^c(%m : f32)
  ^c(%v: f32):
    scf.yield %v : f32
  }
  return %r : f32
}

func.func @par(%A: memref<4x4xf32>, %B: memref<4x4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %s = scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c4) step (%c1, %c2) init (%z) -> f32 {
    %v = memref.load %A[%i, %j] : memref<4x4xf32>
    %d = arith.mulf %v, %v : f32
    memref.store %d, %B[%i, %j] : memref<4x4xf32>
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %r: f32):
      %a = arith.addf %l, %r : f32
      scf.reduce.return %a : f32
    }
  }
  return %s : f32
}
