// lower-affine folds an op before lowering it, as MLIR's conversion driver
// does: constant basis operands of affine.delinearize_index /
// affine.linearize_index move into the static basis (so the strides are
// constants: 60 = 12 * 5, no muli), and constant bound operands of
// affine.parallel fold into its maps (the lowering materializes its own
// constants). The output is byte-identical to mlir-opt 22's (the diff),
// and each function computes the same before and after on random inputs.
// RUN: strata-opt %s --lower-affine > %t.strata
// RUN: FileCheck %s < %t.strata
// RUN: strata-opt %s --lower-affine --verify-equivalence --equivalence-trials=20 > /dev/null
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --lower-affine > %t.mlir
// RUN: diff %t.strata %t.mlir

// CHECK-LABEL: func.func @delinearize_constant_basis(
// CHECK: %[[C60:.*]] = arith.constant 60 : index
// CHECK-NOT: arith.muli
// CHECK: arith.floordivsi %arg0, %[[C60]] : index

// CHECK-LABEL: func.func @linearize_constant_basis(
// CHECK: %[[C7:.*]] = arith.constant 7 : index
// CHECK-NEXT: %[[C7B:.*]] = arith.constant 7 : index
// CHECK-NEXT: arith.muli %arg0, %[[C7B]] overflow<nsw> : index

// CHECK-LABEL: func.func @parallel_constant_bounds(
// CHECK: memref.dim
// CHECK-NEXT: %[[LB:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[ST:.*]] = arith.constant 1 : index
// CHECK-NEXT: scf.parallel (%{{.*}}) = (%[[LB]]) to (%dim) step (%[[ST]])

func.func @delinearize_constant_basis(%l: index) -> (index, index, index) {
  %b1 = arith.constant 12 : index
  %b2 = arith.constant 5 : index
  %r:3 = affine.delinearize_index %l into (%b1, %b2) : index, index, index
  return %r#0, %r#1, %r#2 : index, index, index
}

func.func @linearize_constant_basis(%i: index, %j: index) -> index {
  %b = arith.constant 7 : index
  %r = affine.linearize_index [%i, %j] by (%b) : index
  return %r : index
}

func.func @parallel_constant_bounds(%m: memref<?xi32>, %v: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xi32>
  affine.parallel (%i) = (%c1) to (%n) {
    affine.store %v, %m[%i] : memref<?xi32>
  }
  return
}
