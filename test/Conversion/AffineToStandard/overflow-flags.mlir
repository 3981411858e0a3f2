// The expansions of lower-affine carry MLIR's overflow flags: affine
// products are nsw; basis strides of delinearize_index (and of a disjoint
// linearize_index) are nsw and nuw; the remainder correction is nsw.
// RUN: strata-opt --lower-affine %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt --lower-affine %s > %t.strata && mlir-opt --lower-affine %s > %t.mlir && diff %t.strata %t.mlir
// Since the lowering computes with nsw/nuw, a basis product or a
// linearization that overflows index is undefined, and the interpreter
// stops there rather than wrap (the lowered program could compute anything
// on such inputs; MLIR's own lowering computes another value than a wrap).
// RUN: not strata-run %s --entry delinearize_linearize --input 5 --input 3 --input 4611686018427387904 --input 4 2>&1 | FileCheck %s --check-prefix=UB-BASIS
// UB-BASIS: error: affine.delinearize_index basis product overflows index (undefined: its lowering computes it with overflow<nsw, nuw>)
// RUN: not strata-run %s --entry delinearize_linearize --input 9223372036854775807 --input 3 --input 1 --input 2 2>&1 | FileCheck %s --check-prefix=UB-LINEAR
// UB-LINEAR: error: affine.linearize_index overflows index (undefined: its lowering computes with overflow<nsw>)
// RUN: strata-run %s --entry delinearize_linearize --input 23 --input 3 --input 4 --input 2 --print | FileCheck %s --check-prefix=DEFINED
// DEFINED: 2 : index
// DEFINED-NEXT: 3 : index
// DEFINED-NEXT: 1 : index
// DEFINED-NEXT: 23 : index

func.func @delinearize_linearize(%i: index, %a0: index, %b0: index, %c0: index) -> (index, index, index, index) {
  // A basis is positive (the functions run on random inputs too).
  %one = arith.constant 1 : index
  %a = arith.maxsi %a0, %one : index
  %b = arith.maxsi %b0, %one : index
  %c = arith.maxsi %c0, %one : index
  %0:3 = affine.delinearize_index %i into (%a, %b, %c) : index, index, index
  %1 = affine.linearize_index [%0#0, %0#1, %0#2] by (%a, 4, %c) : index
  return %0#0, %0#1, %0#2, %1 : index, index, index, index
}
func.func @static_basis(%i: index, %a0: index, %c0: index) -> (index, index) {
  %one = arith.constant 1 : index
  %a = arith.maxsi %a0, %one : index
  %c = arith.maxsi %c0, %one : index
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
// CHECK: %3 = arith.muli %2, %1 overflow<nsw, nuw> : index
// CHECK: %7 = arith.addi %5, %3 overflow<nsw> : index
// CHECK: %12 = arith.addi %10, %2 overflow<nsw> : index
// CHECK: %14 = arith.muli %2, %c4 overflow<nsw> : index
// CHECK: %15 = arith.muli %4, %14 overflow<nsw> : index
// CHECK: %16 = arith.muli %9, %2 overflow<nsw> : index
// CHECK: %17 = arith.addi %15, %16 overflow<nsw> : index
// CHECK: %18 = arith.addi %17, %13 overflow<nsw> : index
// CHECK-LABEL: func.func @static_basis
// CHECK: %2 = arith.muli %1, %c4 overflow<nsw, nuw> : index
// CHECK: %6 = arith.addi %4, %2 overflow<nsw> : index
// CHECK: %11 = arith.addi %9, %1 overflow<nsw> : index
// CHECK: %13 = arith.muli %1, %c4_0 overflow<nsw, nuw> : index
// CHECK: %14 = arith.muli %3, %13 overflow<nsw> : index
// CHECK: %15 = arith.muli %8, %1 overflow<nsw> : index
// CHECK: %16 = arith.addi %14, %15 overflow<nsw> : index
// CHECK: %17 = arith.addi %16, %12 overflow<nsw> : index
// CHECK-LABEL: func.func @scaled_load
// CHECK: %0 = arith.muli %arg2, %c2_0 overflow<nsw> : index
// CHECK: %1 = arith.addi %0, %c1 : index
