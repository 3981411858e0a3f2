// MLIR's allow-pattern-rollback option of convert-scf-to-cf is accepted;
// the lowering never undoes a change, so either value gives the same IR.
// RUN: strata-opt %s --pass-pipeline="builtin.module(convert-scf-to-cf{allow-pattern-rollback=false})" | FileCheck %s
// RUN: strata-opt %s --pass-pipeline="builtin.module(convert-scf-to-cf{allow-pattern-rollback=true})" | FileCheck %s
// RUN: not strata-opt %s --pass-pipeline="builtin.module(convert-scf-to-cf{allow-pattern-rollback=maybe})" 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK-LABEL: func.func @select(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.br ^bb3(%arg1 : i32)
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    cf.br ^bb3(%arg2 : i32)
// CHECK-NEXT:  ^bb3(%0: i32):
// CHECK-NEXT:    cf.br ^bb4
// CHECK-NEXT:  ^bb4:
// CHECK-NEXT:    return %0 : i32
// BAD: allow-pattern-rollback
func.func @select(%c: i1, %a: i32, %b: i32) -> i32 {
  %r = scf.if %c -> i32 {
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  return %r : i32
}
