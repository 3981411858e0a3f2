// RUN: strata-opt --pass-pipeline="builtin.module(lower-affine)" %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt --pass-pipeline="builtin.module(lower-affine)" %s | %mlir-accepts

// CHECK: module {
// CHECK-NEXT: func.func @f(%arg0: memref<10xf32>, %arg1: index, %arg2: f32) -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c10 = arith.constant 10 : index
// CHECK-NEXT: %0 = arith.minsi %arg1, %c10 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %1 = scf.for %arg3 = %c0 to %0 step %c2 iter_args(%arg4 = %arg2) -> (f32) {
// CHECK-NEXT: %c2_1 = arith.constant 2 : index
// CHECK-NEXT: %c0_2 = arith.constant 0 : index
// CHECK-NEXT: %c-1 = arith.constant -1 : index
// CHECK-NEXT: %7 = arith.cmpi slt, %arg3, %c0_2 : index
// CHECK-NEXT: %8 = arith.subi %c-1, %arg3 : index
// CHECK-NEXT: %9 = arith.select %7, %8, %arg3 : index
// CHECK-NEXT: %10 = arith.divsi %9, %c2_1 : index
// CHECK-NEXT: %11 = arith.subi %c-1, %10 : index
// CHECK-NEXT: %12 = arith.select %7, %11, %10 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %13 = arith.remsi %arg3, %c3 : index
// CHECK-NEXT: %c0_3 = arith.constant 0 : index
// CHECK-NEXT: %14 = arith.cmpi slt, %13, %c0_3 : index
// CHECK-NEXT: %15 = arith.addi %13, %c3 : index
// CHECK-NEXT: %16 = arith.select %14, %15, %13 : index
// CHECK-NEXT: %17 = arith.addi %12, %16 : index
// CHECK-NEXT: %18 = memref.load %arg0[%17] : memref<10xf32>
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c0_4 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %19 = arith.cmpi sle, %arg3, %c0_4 : index
// CHECK-NEXT: %20 = arith.subi %c0_4, %arg3 : index
// CHECK-NEXT: %21 = arith.subi %arg3, %c1 : index
// CHECK-NEXT: %22 = arith.select %19, %20, %21 : index
// CHECK-NEXT: %23 = arith.divsi %22, %c4 : index
// CHECK-NEXT: %24 = arith.subi %c0_4, %23 : index
// CHECK-NEXT: %25 = arith.addi %23, %c1 : index
// CHECK-NEXT: %26 = arith.select %19, %24, %25 : index
// CHECK-NEXT: memref.store %18, %arg0[%26] : memref<10xf32>
// CHECK-NEXT: scf.yield %18 : f32
// CHECK-NEXT: }
// CHECK-NEXT: %c0_0 = arith.constant 0 : index
// CHECK-NEXT: %c-2 = arith.constant -2 : index
// CHECK-NEXT: %2 = arith.addi %arg1, %c-2 : index
// CHECK-NEXT: %3 = arith.cmpi sge, %2, %c0_0 : index
// CHECK-NEXT: %c-5 = arith.constant -5 : index
// CHECK-NEXT: %4 = arith.addi %arg1, %c-5 : index
// CHECK-NEXT: %5 = arith.cmpi eq, %4, %c0_0 : index
// CHECK-NEXT: %6 = arith.andi %3, %5 : i1
// CHECK-NEXT: scf.if %6 {
// CHECK-NEXT: %c0_1 = arith.constant 0 : index
// CHECK-NEXT: memref.store %arg2, %arg0[%c0_1] : memref<10xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %1 : f32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:

// Loops with min bounds and steps, floordiv/mod/ceildiv subscripts and
// integer-set conditions expand to scf and arith exactly as mlir-opt does.

func.func @f(%A: memref<10xf32>, %n: index, %v: f32) -> f32 {
  %r = affine.for %i = 0 to min affine_map<(d0) -> (d0, 10)>(%n) step 2 iter_args(%acc = %v) -> (f32) {
    %x = affine.load %A[%i floordiv 2 + %i mod 3] : memref<10xf32>
    affine.store %x, %A[%i ceildiv 4] : memref<10xf32>
    affine.yield %x : f32
  }
  affine.if affine_set<(d0) : (d0 - 2 >= 0, d0 - 5 == 0)>(%n) {
    affine.store %v, %A[0] : memref<10xf32>
  }
  return %r : f32
}
