// RUN: %roundtrip %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts
// affine.parallel (bound groups, steps, reductions), delinearize_index and
// linearize_index; the CHECK lines are what mlir-opt 22 prints.

// CHECK: module {
// CHECK-NEXT:   func.func @parallel(%arg0: memref<100x100xf32>, %arg1: index) {
// CHECK-NEXT:     affine.parallel (%arg2, %arg3) = (0, 0) to (symbol(%arg1), 100) step (10, 10) {
// CHECK-NEXT:       %0:2 = affine.parallel (%arg4, %arg5) = (%arg2, %arg3) to (%arg2 + 10, %arg3 + 10) reduce ("minimumf", "maximumf") -> (f32, f32) {
// CHECK-NEXT:         %1 = affine.load %arg0[%arg2 * 2, %arg3 + %arg5] : memref<100x100xf32>
// CHECK-NEXT:         affine.yield %1, %1 : f32, f32
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @parallel_min_max(%arg0: index, %arg1: index, %arg2: index, %arg3: index) {
// CHECK-NEXT:     affine.parallel (%arg4, %arg5, %arg6) = (max(%arg0, %arg1), %arg1, max(%arg0, %arg2)) to (%arg2, min(%arg2, %arg3), %arg1) {
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @parallel_no_ivs() {
// CHECK-NEXT:     affine.parallel () = () to () {
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @delinearize_mixed(%arg0: index, %arg1: index) -> (index, index, index) {
// CHECK-NEXT:     %0:3 = affine.delinearize_index %arg0 into (2, %arg1, 3) : index, index, index
// CHECK-NEXT:     %1:2 = affine.delinearize_index %arg0 into (%arg1, 3) : index, index
// CHECK-NEXT:     %2:2 = affine.delinearize_index %arg0 into (3) : index, index
// CHECK-NEXT:     return %0#0, %0#1, %0#2 : index, index, index
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @linearize_mixed(%arg0: index, %arg1: index, %arg2: index, %arg3: index) -> index {
// CHECK-NEXT:     %0 = affine.linearize_index disjoint [%arg0, %arg1, %arg2] by (2, %arg3, 3) : index
// CHECK-NEXT:     %1 = affine.linearize_index [%arg1, %arg2] by (%arg3, 3) : index
// CHECK-NEXT:     %2 = affine.linearize_index [%arg1, %arg2] by (3) : index
// CHECK-NEXT:     return %0 : index
// CHECK-NEXT:   }
// CHECK-NEXT: }

func.func @parallel(%A : memref<100x100xf32>, %N : index) {
  affine.parallel (%i0, %j0) = (0, 0) to (symbol(%N), 100) step (10, 10) {
    %0:2 = affine.parallel (%i1, %j1) = (%i0, %j0) to (%i0 + 10, %j0 + 10) reduce ("minimumf", "maximumf") -> (f32, f32) {
      %2 = affine.load %A[%i0 + %i0, %j0 + %j1] : memref<100x100xf32>
      affine.yield %2, %2 : f32, f32
    }
  }
  return
}
func.func @parallel_min_max(%a: index, %b: index, %c: index, %d: index) {
  affine.parallel (%i, %j, %k) = (max(%a, %b), %b, max(%a, %c))
                              to (%c, min(%c, %d), %b) {
    affine.yield
  }
  return
}
func.func @parallel_no_ivs() {
  affine.parallel () = () to () {
    affine.yield
  }
  return
}
func.func @delinearize_mixed(%linear_idx: index, %basis1: index) -> (index, index, index) {
  %1:3 = affine.delinearize_index %linear_idx into (2, %basis1, 3) : index, index, index
  %2:2 = affine.delinearize_index %linear_idx into (%basis1, 3) : index, index
  %3:2 = affine.delinearize_index %linear_idx into (3) : index, index
  return %1#0, %1#1, %1#2 : index, index, index
}
func.func @linearize_mixed(%index0: index, %index1: index, %index2: index, %basis1: index) -> index {
  %1 = affine.linearize_index disjoint [%index0, %index1, %index2] by (2, %basis1, 3) : index
  %2 = affine.linearize_index [%index1, %index2] by (%basis1, 3) : index
  %3 = affine.linearize_index [%index1, %index2] by (3) : index
  return %1 : index
}
