// scf.for counts as the interpreter does, in exact arithmetic: a step that
// would carry the induction variable past the largest value of its type
// ends the loop instead of wrapping (signed: undefined in C; unsigned: a
// wrap below the upper bound that runs on). Iteration counts and the last
// induction variable, diffed with the interpreter.
// RUN: strata-run %s --entry signed_top --print > %t.i1
// RUN: strata-run %s --entry signed_top --print --target c > %t.c1
// RUN: diff %t.i1 %t.c1
// RUN: FileCheck %s --check-prefix=SIGNED --input-file %t.c1
// RUN: strata-run %s --timeout=20 --entry unsigned_top --print --target c > %t.c2
// RUN: strata-run %s --entry unsigned_top --print > %t.i2
// RUN: diff %t.i2 %t.c2
// RUN: FileCheck %s --check-prefix=UNSIGNED --input-file %t.c2
// RUN: strata-run %s --entry narrow --print > %t.i3
// RUN: strata-run %s --entry narrow --print --target c > %t.c3
// RUN: diff %t.i3 %t.c3
// scf.parallel steps the same way (the interpreter's scf.parallel wrapped
// its index to a negative value below the bound and ran on; found by the
// interp fuzz target as an overflow).
// RUN: strata-run %s --entry parallel_top --print --target c > %t.c4
// RUN: strata-run %s --entry parallel_top --print > %t.i4
// RUN: diff %t.i4 %t.c4
// RUN: FileCheck %s --check-prefix=PARALLEL --input-file %t.i4

// SIGNED: 2 : i64
// SIGNED-NEXT: 9223372036854775806 : index
func.func @signed_top() -> (i64, index) {
  %lb = arith.constant 9223372036854775802 : index
  %ub = arith.constant 9223372036854775807 : index
  %step = arith.constant 4 : index
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %z = arith.constant 0 : index
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%n = %c0, %last = %z) -> (i64, index) {
    %m = arith.addi %n, %c1 : i64
    scf.yield %m, %i : i64, index
  }
  return %r#0, %r#1 : i64, index
}

// UNSIGNED: 2 : i64
// UNSIGNED-NEXT: -2 : i64
func.func @unsigned_top() -> (i64, i64) {
  %lb = arith.constant -6 : i64
  %ub = arith.constant -1 : i64
  %step = arith.constant 4 : i64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %r:2 = scf.for unsigned %i = %lb to %ub step %step iter_args(%n = %c0, %last = %c0) -> (i64, i64) : i64 {
    %m = arith.addi %n, %c1 : i64
    scf.yield %m, %i : i64, i64
  }
  return %r#0, %r#1 : i64, i64
}

// i8 bounds near the top: 100, 120, then 140 is past 127.
func.func @narrow() -> (i8, i8) {
  %lb = arith.constant 100 : i8
  %ub = arith.constant 127 : i8
  %step = arith.constant 20 : i8
  %c0 = arith.constant 0 : i8
  %c1 = arith.constant 1 : i8
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%n = %c0, %last = %c0) -> (i8, i8) : i8 {
    %m = arith.addi %n, %c1 : i8
    scf.yield %m, %i : i8, i8
  }
  return %r#0, %r#1 : i8, i8
}

// PARALLEL: 2 : index
func.func @parallel_top() -> index {
  %lb = arith.constant 9223372036854775802 : index
  %ub = arith.constant 9223372036854775807 : index
  %step = arith.constant 4 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%step) init (%c0) -> index {
    scf.reduce(%c1 : index) {
    ^bb0(%a: index, %b: index):
      %s = arith.addi %a, %b : index
      scf.reduce.return %s : index
    }
  }
  return %r : index
}
