// RUN: strata-opt --pass-pipeline="builtin.module(canonicalize)" %s | FileCheck %s
// RUN: strata-opt --pass-pipeline="builtin.module(canonicalize)" %s --verify-equivalence --equivalence-trials=8
// REQUIRES: mlir-opt
// RUN: strata-opt --pass-pipeline="builtin.module(canonicalize)" %s | %mlir-accepts

// Folds: shape_cast chains, broadcast/transpose to the same type, extract of
// a broadcast scalar, of an insert at the same position, at an empty
// position, and of a shape_cast (re-linearised position); unused transfer
// reads disappear. CHECK lines are mlir-opt 22's output.

// CHECK: module {
// CHECK-NEXT: func.func @folds(%arg0: vector<8xf32>, %arg1: f32, %arg2: vector<2x4xf32>) -> (vector<8xf32>, f32, vector<8xf32>, vector<2x4xf32>, f32, vector<2x4xf32>, f32) {
// CHECK-NEXT: %0 = vector.extract %arg0[7] : f32 from vector<8xf32>
// CHECK-NEXT: return %arg0, %arg1, %arg0, %arg2, %arg1, %arg2, %0 : vector<8xf32>, f32, vector<8xf32>, vector<2x4xf32>, f32, vector<2x4xf32>, f32
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @folds(%v: vector<8xf32>, %f: f32, %a: vector<2x4xf32>) -> (vector<8xf32>, f32, vector<8xf32>, vector<2x4xf32>, f32, vector<2x4xf32>, f32) {
  %0 = vector.shape_cast %v : vector<8xf32> to vector<2x4xf32>
  %1 = vector.shape_cast %0 : vector<2x4xf32> to vector<8xf32>
  %b = vector.broadcast %f : f32 to vector<2x4xf32>
  %2 = vector.extract %b[1, 2] : f32 from vector<2x4xf32>
  %3 = vector.broadcast %v : vector<8xf32> to vector<8xf32>
  %4 = vector.transpose %a, [0, 1] : vector<2x4xf32> to vector<2x4xf32>
  %i = vector.insert %f, %a [1, 3] : f32 into vector<2x4xf32>
  %5 = vector.extract %i[1, 3] : f32 from vector<2x4xf32>
  %6 = vector.extract %a[] : vector<2x4xf32> from vector<2x4xf32>
  %7 = vector.shape_cast %0 : vector<2x4xf32> to vector<4x2xf32>
  %8 = vector.extract %7[3, 1] : f32 from vector<4x2xf32>
  return %1, %2, %3, %4, %5, %6, %8 : vector<8xf32>, f32, vector<8xf32>, vector<2x4xf32>, f32, vector<2x4xf32>, f32
}
