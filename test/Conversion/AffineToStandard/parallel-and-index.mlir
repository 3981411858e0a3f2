// Differential test of lower-affine on affine.parallel (max/min bound
// groups, steps, reductions from their identity values) and on
// affine.delinearize_index / affine.linearize_index: every function runs in
// the interpreter before and after the pass (and after lowering on to cf)
// on random inputs.
// RUN: strata-opt %s --pass-pipeline="builtin.module(lower-affine)" --verify-equivalence --equivalence-trials=30 | FileCheck %s
// RUN: strata-opt %s --pass-pipeline="builtin.module(lower-affine,convert-scf-to-cf)" --verify-equivalence --equivalence-trials=10 | FileCheck %s --check-prefix=CF
// REQUIRES: mlir-opt
// RUN: strata-opt %s --pass-pipeline="builtin.module(lower-affine)" | %mlir-accepts

// CHECK-LABEL: func.func @par
// CHECK: %[[INIT:.*]] = arith.constant 0xFF800000 : f32
// CHECK: scf.parallel (%{{.*}}, %{{.*}}) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step (%{{.*}}, %{{.*}}) init (%{{.*}}, %[[INIT]]) -> (f32, f32)
// CHECK: scf.reduce(%{{.*}}, %{{.*}} : f32, f32)
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK-NOT: affine.
// CHECK-LABEL: func.func @index
// CHECK: arith.floordivsi
// CHECK-NOT: affine.
// CF-NOT: scf.
// CF-NOT: affine.

func.func @par(%m: memref<6x5xf32>, %mi: memref<6xi32>, %n: index) -> (f32, f32, i32) {
  %c2 = arith.constant 2 : index
  %r:2 = affine.parallel (%i, %j) = (0, max(0, %c2 - 1)) to (min(6, %n), 5) step (2, 1) reduce ("addf", "maximumf") -> (f32, f32) {
    %v = affine.load %m[%i, %j] : memref<6x5xf32>
    affine.yield %v, %v : f32, f32
  }
  %s = affine.parallel (%k) = (0) to (6) reduce ("addi") -> (i32) {
    %w = affine.load %mi[%k] : memref<6xi32>
    affine.yield %w : i32
  }
  affine.parallel (%k) = (1) to (symbol(%n)) {
    %w = affine.load %mi[%k - 1] : memref<6xi32>
    affine.store %w, %mi[%k] : memref<6xi32>
  }
  return %r#0, %r#1, %s : f32, f32, i32
}
func.func @index(%l: index, %a: index, %b: index, %c: index) -> (index, index, index, index, index, index) {
  %d:3 = affine.delinearize_index %l into (4, 3) : index, index, index
  %e:2 = affine.delinearize_index %l into (5, 7) : index, index
  %x = affine.linearize_index [%a, %b, %c] by (4, 3) : index
  %y = affine.linearize_index disjoint [%a, %b, %c] by (2, 4, 3) : index
  return %d#0, %d#1, %d#2, %e#1, %x, %y : index, index, index, index, index, index
}
