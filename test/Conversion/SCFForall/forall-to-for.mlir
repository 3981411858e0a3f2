// scf-forall-to-for on a forall without shared outputs: one scf.for per
// dimension, static bounds as arith.constant. Output equal to mlir-opt 22's;
// the interpreter runs before and after on random inputs.
// RUN: strata-opt --scf-forall-to-for %s | FileCheck %s
// RUN: strata-opt --scf-forall-to-for %s --verify-equivalence=scale --equivalence-trials=6 > /dev/null
// RUN: strata-opt --scf-forall-to-for %s --verify-equivalence=transpose --equivalence-trials=6 > /dev/null
// REQUIRES: mlir-opt
// RUN: mlir-opt --scf-forall-to-for %s | FileCheck %s

// A strided, non-normalized forall on memrefs (no shared outputs).
// CHECK-LABEL: func.func @scale(%arg0: memref<10xf32>, %arg1: f32) {
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c10 = arith.constant 10 : index
// CHECK-NEXT:    %c3 = arith.constant 3 : index
// CHECK-NEXT:    scf.for %arg2 = %c1 to %c10 step %c3 {
// CHECK-NEXT:      %0 = memref.load %arg0[%arg2] : memref<10xf32>
// CHECK-NEXT:      %1 = arith.mulf %0, %arg1 : f32
// CHECK-NEXT:      memref.store %1, %arg0[%arg2] : memref<10xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @scale(%m: memref<10xf32>, %f: f32) {
  scf.forall (%i) = (1) to (10) step (3) {
    %v = memref.load %m[%i] : memref<10xf32>
    %w = arith.mulf %v, %f : f32
    memref.store %w, %m[%i] : memref<10xf32>
  }
  return
}

// CHECK-LABEL: func.func @transpose(%arg0: memref<3x5xf32>, %arg1: memref<5x3xf32>, %arg2: index) {
// CHECK-NEXT:    %c5 = arith.constant 5 : index
// CHECK-NEXT:    %0 = arith.minui %arg2, %c5 : index
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c0_0 = arith.constant 0 : index
// CHECK-NEXT:    %c3 = arith.constant 3 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c1_1 = arith.constant 1 : index
// CHECK-NEXT:    scf.for %arg3 = %c0 to %c3 step %c1 {
// CHECK-NEXT:      scf.for %arg4 = %c0_0 to %0 step %c1_1 {
// CHECK-NEXT:        %1 = memref.load %arg0[%arg3, %arg4] : memref<3x5xf32>
// CHECK-NEXT:        memref.store %1, %arg1[%arg4, %arg3] : memref<5x3xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @transpose(%a: memref<3x5xf32>, %b: memref<5x3xf32>, %n: index) {
  %c5 = arith.constant 5 : index
  %m = arith.minui %n, %c5 : index
  scf.forall (%i, %j) in (3, %m) {
    %v = memref.load %a[%i, %j] : memref<3x5xf32>
    memref.store %v, %b[%j, %i] : memref<5x3xf32>
  }
  return
}
