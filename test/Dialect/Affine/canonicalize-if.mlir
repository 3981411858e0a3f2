// affine.if canonicalization (MLIR's SimplifyDeadElse and AlwaysTrueOrFalseIf):
// an empty else block goes; a condition that is 0 == 0 or the empty set
// 1 == 0 becomes the branch it selects. The CHECK lines are mlir-opt 22's output.
// RUN: strata-opt %s --canonicalize | FileCheck %s
// RUN: strata-opt %s --canonicalize --verify-equivalence=selected_branch_yields

// CHECK-LABEL: func.func @remove_dead_else(%arg0: memref<10xi32>) {
// CHECK-NEXT:   affine.for %arg1 = 0 to 10 {
// CHECK-NEXT:     %0 = affine.load %arg0[%arg1] : memref<10xi32>
// CHECK-NEXT:     affine.if #set(%arg1) {
// CHECK-NEXT:       affine.store %0, %arg0[%arg1] : memref<10xi32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @always_true(%arg0: memref<10xi32>, %arg1: i32) {
// CHECK-NEXT:   affine.store %arg1, %arg0[0] : memref<10xi32>
// CHECK-NEXT:   return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @selected_branch_yields(%arg0: index, %arg1: index) -> (index, index) {
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg1 : index
// CHECK-NEXT:   %1 = arith.muli %arg0, %arg1 : index
// CHECK-NEXT:   return %0, %1 : index, index
// CHECK-NEXT: }

#set = affine_set<(d0) : (d0 - 1 >= 0)>
func.func @remove_dead_else(%M : memref<10xi32>) {
  affine.for %i = 0 to 10 {
    %0 = affine.load %M[%i] : memref<10xi32>
    affine.if #set(%i) {
      affine.store %0, %M[%i] : memref<10xi32>
    } else {
    }
  }
  return
}
func.func @always_true(%M : memref<10xi32>, %v: i32) {
  affine.if affine_set<() : (0 == 0)>() {
    affine.store %v, %M[0] : memref<10xi32>
  } else {
    affine.store %v, %M[1] : memref<10xi32>
  }
  affine.if affine_set<() : (1 == 0)>() {
    affine.store %v, %M[2] : memref<10xi32>
  }
  return
}
func.func @selected_branch_yields(%a: index, %b: index) -> (index, index) {
  %0 = affine.if affine_set<() : (0 == 0)>() -> index {
    %s = arith.addi %a, %b : index
    affine.yield %s : index
  } else {
    affine.yield %b : index
  }
  %1 = affine.if affine_set<(d0) : (1 == 0)>(%a) -> index {
    affine.yield %a : index
  } else {
    %m = arith.muli %a, %b : index
    affine.yield %m : index
  }
  return %0, %1 : index, index
}
