// RUN: strata-opt %s --canonicalize --verify-equivalence | FileCheck %s
// RUN: strata-opt %s --canonicalize=region-simplify=disabled --verify-each | FileCheck %s
// RUN: strata-run %s --entry lb_plus_one --input 5 --input 9223372036854775807 --print | FileCheck %s --check-prefix=EXEC
// RUN: strata-opt %s --canonicalize | strata-run - --entry lb_plus_one --input 5 --input 9223372036854775807 --print | FileCheck %s --check-prefix=EXEC

// An scf.for that runs once is replaced by its body; a yield of the
// induction variable yields the lower bound (mlir-opt 22's output). The
// results were the body's block argument, left dangling after the loop
// was erased ("'func.return' op using value defined outside the region").

// CHECK-LABEL: func.func @yield_iv(%arg0: i32) -> (i32, index) {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    return %0, %c0 : i32, index
// CHECK-NEXT:  }
func.func @yield_iv(%init: i32) -> (i32, index) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  %r:2 = scf.for %i = %c0 to %c5 step %c10 iter_args(%a = %init, %b = %c0) -> (i32, index) {
    %x = arith.addi %a, %a : i32
    scf.yield %x, %i : i32, index
  }
  return %r#0, %r#1 : i32, index
}

// `lb to lb + 1` runs once only if the addition does not wrap: with `nsw`
// it is folded (as mlir-opt 22 does); without, lb = 2^63 - 1 makes
// lb + 1 negative and the loop runs zero times, so it stays (it was folded
// into one iteration, returning 6 where the program returns 5).
// EXEC: 5 : i32
// CHECK-LABEL: func.func @lb_plus_one_nsw(%arg0: i32, %arg1: index) -> i32 {
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    %0 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT:    return %0 : i32
func.func @lb_plus_one_nsw(%init: i32, %lb: index) -> i32 {
  %c1 = arith.constant 1 : index
  %ub = arith.addi %lb, %c1 overflow<nsw> : index
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%a = %init) -> (i32) {
    %one = arith.constant 1 : i32
    %x = arith.addi %a, %one : i32
    scf.yield %x : i32
  }
  return %r : i32
}
// CHECK-LABEL: func.func @lb_plus_one(%arg0: i32, %arg1: index) -> i32 {
// CHECK:         scf.for %arg2 = %arg1 to %0 step %c1 iter_args(%arg3 = %arg0) -> (i32) {
func.func @lb_plus_one(%init: i32, %lb: index) -> i32 {
  %c1 = arith.constant 1 : index
  %ub = arith.addi %lb, %c1 : index
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%a = %init) -> (i32) {
    %one = arith.constant 1 : i32
    %x = arith.addi %a, %one : i32
    scf.yield %x : i32
  }
  return %r : i32
}
