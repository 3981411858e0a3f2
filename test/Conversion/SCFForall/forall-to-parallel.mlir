// scf-forall-to-parallel: a bufferized forall becomes scf.parallel with its
// bounds as values and scf.reduce for a terminator. Output equal to
// mlir-opt 22's; the interpreter runs before and after on random inputs.
// RUN: strata-opt --scf-forall-to-parallel %s | FileCheck %s
// RUN: strata-opt --scf-forall-to-parallel %s --verify-equivalence=transpose --equivalence-trials=6 > /dev/null
// RUN: strata-opt --scf-forall-to-parallel --convert-scf-to-cf %s --verify-equivalence=transpose --equivalence-trials=6 > /dev/null
// REQUIRES: mlir-opt
// RUN: mlir-opt --scf-forall-to-parallel %s | FileCheck %s

// CHECK-LABEL: func.func @transpose(%arg0: memref<3x5xf32>, %arg1: memref<5x3xf32>, %arg2: index) {
// CHECK-NEXT:    %c5 = arith.constant 5 : index
// CHECK-NEXT:    %0 = arith.minui %arg2, %c5 : index
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c3 = arith.constant 3 : index
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %c1_0 = arith.constant 1 : index
// CHECK-NEXT:    scf.parallel (%arg3, %arg4) = (%c0, %c1) to (%c3, %0) step (%c2, %c1_0) {
// CHECK-NEXT:      %1 = memref.load %arg0[%arg3, %arg4] : memref<3x5xf32>
// CHECK-NEXT:      memref.store %1, %arg1[%arg4, %arg3] : memref<5x3xf32>
// CHECK-NEXT:      scf.reduce
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @transpose(%a: memref<3x5xf32>, %b: memref<5x3xf32>, %n: index) {
  %c5 = arith.constant 5 : index
  %m = arith.minui %n, %c5 : index
  scf.forall (%i, %j) = (0, 1) to (3, %m) step (2, 1) {
    %v = memref.load %a[%i, %j] : memref<3x5xf32>
    memref.store %v, %b[%j, %i] : memref<5x3xf32>
  }
  return
}
