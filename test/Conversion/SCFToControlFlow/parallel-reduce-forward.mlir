// Reduction regions that return one of their block arguments: the
// innermost loop yields the carried value (the first argument) or the
// reduced one (the second). The lowering used to yield the reduction
// block's argument itself, left behind when the block was erased, and the
// verifier rejected the result. The output is byte-identical to mlir-opt
// 22's and the interpreter computes the same before and after.
// RUN: strata-opt %s --convert-scf-to-cf > %t.strata
// RUN: FileCheck %s < %t.strata
// RUN: strata-opt %s --convert-scf-to-cf --verify-equivalence --equivalence-trials=10 > /dev/null
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --convert-scf-to-cf > %t.mlir
// RUN: diff %t.strata %t.mlir

// CHECK-LABEL: func.func @forward(
// CHECK: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %4 = arith.addi %1, %c1 : index
// CHECK-NEXT: cf.br ^bb1(%4, %2 : index, i32)
// CHECK: ^bb5:  // pred: ^bb4
// CHECK-NEXT: %8 = arith.addi %5, %c1 : index
// CHECK-NEXT: cf.br ^bb4(%8, %arg2 : index, i32)
// CHECK-NEXT: ^bb6:  // pred: ^bb4
// CHECK-NEXT: %9 = arith.addi %2, %6 : i32
func.func @forward(%n: index, %init: i32, %v: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %m = arith.andi %n, %c7 : index
  %keep = scf.parallel (%i) = (%c0) to (%m) step (%c1) init (%init) -> i32 {
    scf.reduce(%v : i32) {
    ^bb0(%lhs: i32, %rhs: i32):
      scf.reduce.return %lhs : i32
    }
  }
  %last = scf.parallel (%i) = (%c0) to (%m) step (%c1) init (%init) -> i32 {
    scf.reduce(%v : i32) {
    ^bb0(%lhs: i32, %rhs: i32):
      scf.reduce.return %rhs : i32
    }
  }
  %s = arith.addi %keep, %last : i32
  return %s : i32
}
