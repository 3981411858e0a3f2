// The translation refuses a program whose dependence tokens do not pair
// up, before writing it: the cycle model's schedule depends on the tokens
// alone, so it decides whether the device would hang (a pop no push ever
// satisfies: located at the instruction that waits) or finish with tokens
// the next run would consume. The lowered layer translates; the same
// program with one push or one pop removed does not.
// RUN: strata-translate --mlir-to-vta %S/matmul.mlir -o %t.vta
// RUN: strata-translate --vta-to-mlir %t.vta -o %t.insns.mlir
// RUN: strata-translate --mlir-to-vta %t.insns.mlir -o %t.again.vta
// RUN: cmp %t.vta %t.again.vta
// RUN: sed '0,/ push(l2g)/s/ push(l2g)//' %t.insns.mlir > %t.deadlock.mlir
// RUN: not strata-translate --mlir-to-vta %t.deadlock.mlir -o %t.deadlock.vta 2>&1 | FileCheck %s --check-prefix=DEADLOCK
// RUN: test ! -e %t.deadlock.vta
// RUN: sed '0,/ pop(l2g)/s/ pop(l2g)//' %t.insns.mlir > %t.left.mlir
// RUN: not strata-translate --mlir-to-vta %t.left.mlir -o %t.left.vta 2>&1 | FileCheck %s --check-prefix=LEFT

// DEADLOCK: error: 'vta.gemm' op the program's dependence tokens deadlock: compute blocked at instruction {{[0-9]+}} waiting on l2g; store blocked at instruction {{[0-9]+}} waiting on g2s (no module can move)
// DEADLOCK-NEXT: vta.gemm @k{{[0-9]+}} {{.*}} pop(l2g)
// LEFT: error: 'builtin.module' op the program ends with dependence tokens pushed but never popped (l2g: 1): the next run on the device would consume them
