// RUN: strata-opt %s --convert-scf-to-cf --verify-each --verify-equivalence | FileCheck %s

// An scf op in a region that holds one block at most (an affine.for body)
// stays: its branches would give that region several blocks, which its
// verifier rejects ("'affine.for' op expects region #0 to have 0 or 1
// blocks", what mlir-opt 22 reports after lowering it). The one outside is
// lowered.

// CHECK-LABEL: func.func @f(%arg0: memref<16xi32>, %arg1: i1) {
// CHECK-NEXT:    affine.for %arg2 = 0 to 16 {
// CHECK-NEXT:      scf.if %arg1 {
// CHECK:         cf.cond_br %arg1, ^bb1, ^bb2
func.func @f(%m: memref<16xi32>, %c: i1) {
  affine.for %i = 0 to 16 {
    scf.if %c {
      %z = arith.constant 0 : i32
      affine.store %z, %m[%i] : memref<16xi32>
    }
  }
  scf.if %c {
    %o = arith.constant 1 : i32
    affine.store %o, %m[0] : memref<16xi32>
  }
  return
}
