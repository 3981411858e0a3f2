// The expansions of lower-affine carry MLIR's overflow flags: affine
// products are nsw; basis strides of delinearize_index (and of a disjoint
// linearize_index) are nsw and nuw; the remainder correction is nsw.
// RUN: strata-opt --lower-affine %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt --lower-affine %s > %t.strata && mlir-opt --lower-affine %s > %t.mlir && diff %t.strata %t.mlir

func.func @delinearize_linearize(%i: index, %a: index, %b: index, %c: index) -> (index, index, index, index) {
  %0:3 = affine.delinearize_index %i into (%a, %b, %c) : index, index, index
  %1 = affine.linearize_index [%0#0, %0#1, %0#2] by (%a, 4, %c) : index
  return %0#0, %0#1, %0#2, %1 : index, index, index, index
}
func.func @static_basis(%i: index, %a: index, %c: index) -> (index, index) {
  %0:3 = affine.delinearize_index %i into (%a, 4, %c) : index, index, index
  %1 = affine.linearize_index disjoint [%0#0, %0#1, %0#2] by (%a, 4, %c) : index
  return %0#0, %1 : index, index
}
func.func @scaled_load(%m: memref<?xf32>, %n: index) {
  affine.for %i = 0 to %n step 2 {
    %v = affine.load %m[%i * 2 + 1] : memref<?xf32>
    affine.store %v, %m[%i] : memref<?xf32>
  }
  return
}

// CHECK-LABEL: func.func @delinearize_linearize
// CHECK: %0 = arith.muli %arg3, %arg2 overflow<nsw, nuw> : index
// CHECK: %4 = arith.addi %2, %0 overflow<nsw> : index
// CHECK: %9 = arith.addi %7, %arg3 overflow<nsw> : index
// CHECK: %11 = arith.muli %arg3, %c4 overflow<nsw> : index
// CHECK: %12 = arith.muli %1, %11 overflow<nsw> : index
// CHECK: %13 = arith.muli %6, %arg3 overflow<nsw> : index
// CHECK: %14 = arith.addi %12, %13 overflow<nsw> : index
// CHECK: %15 = arith.addi %14, %10 overflow<nsw> : index
// CHECK-LABEL: func.func @static_basis
// CHECK: %0 = arith.muli %arg2, %c4 overflow<nsw, nuw> : index
// CHECK: %4 = arith.addi %2, %0 overflow<nsw> : index
// CHECK: %9 = arith.addi %7, %arg2 overflow<nsw> : index
// CHECK: %11 = arith.muli %arg2, %c4_0 overflow<nsw, nuw> : index
// CHECK: %12 = arith.muli %1, %11 overflow<nsw> : index
// CHECK: %13 = arith.muli %6, %arg2 overflow<nsw> : index
// CHECK: %14 = arith.addi %12, %13 overflow<nsw> : index
// CHECK: %15 = arith.addi %14, %10 overflow<nsw> : index
// CHECK-LABEL: func.func @scaled_load
// CHECK: %0 = arith.muli %arg2, %c2_0 overflow<nsw> : index
// CHECK: %1 = arith.addi %0, %c1 : index
