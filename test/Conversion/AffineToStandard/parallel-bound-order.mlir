// lower-affine emits an affine.parallel's bounds dimension by dimension,
// lower then upper, then the steps (MLIR's AffineParallelLowering). The
// CHECK lines are mlir-opt 22's output.
// RUN: strata-opt %s --lower-affine | FileCheck %s

// CHECK-LABEL: func.func @bounds_by_dimension(%arg0: index) {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c100 = arith.constant 100 : index
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %c90 = arith.constant 90 : index
// CHECK-NEXT:   %c8 = arith.constant 8 : index
// CHECK-NEXT:   %0 = arith.addi %arg0, %c8 : index
// CHECK-NEXT:   %c10 = arith.constant 10 : index
// CHECK-NEXT:   %c1_0 = arith.constant 1 : index
// CHECK-NEXT:   %c2 = arith.constant 2 : index
// CHECK-NEXT:   scf.parallel (%arg1, %arg2, %arg3) = (%c0, %c1, %arg0) to (%c100, %c90, %0) step (%c10, %c1_0, %c2) {
// CHECK-NEXT:     scf.reduce 
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @bounds_by_dimension(%n: index) {
  affine.parallel (%i, %j, %k) = (0, 1, %n) to (100, 90, %n + 8) step (10, 1, 2) {
  }
  return
}
