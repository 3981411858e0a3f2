// CSE of region-holding ops, with MLIR's `test.cse_of_single_block_op`
// and `test.region_yield` in their custom forms: two ops with the same
// inputs and equivalent bodies become one; a different attribute keeps
// the third apart (its body's mulf also has its operands swapped, which
// nested ops compare in order). The output is byte-identical to mlir-opt
// 22's (the diff), and so is the generic form of the input.
// RUN: strata-opt %s --cse > %t.strata
// RUN: FileCheck %s < %t.strata
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --cse > %t.mlir
// RUN: diff %t.strata %t.mlir
// RUN: strata-opt %s --mlir-print-op-generic > %t.sg
// RUN: mlir-opt %s --mlir-print-op-generic > %t.mg
// RUN: diff %t.sg %t.mg

// CHECK-LABEL: func.func @same_bodies(
// CHECK: %[[A:.*]] = test.cse_of_single_block_op inputs(%arg0) {
// CHECK: %[[B:.*]] = test.cse_of_single_block_op {tag} inputs(%arg0) {
// CHECK: return %[[A]], %[[A]], %[[B]]
func.func @same_bodies(%t: tensor<4xf32>, %s: f32) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = test.cse_of_single_block_op inputs(%t) {
  ^bb0(%e: f32):
    %m = arith.mulf %e, %s : f32
    test.region_yield %m : f32
  } : tensor<4xf32> -> tensor<4xf32>
  %1 = test.cse_of_single_block_op inputs(%t) {
  ^bb0(%e: f32):
    %m = arith.mulf %e, %s : f32
    test.region_yield %m : f32
  } : tensor<4xf32> -> tensor<4xf32>
  %2 = test.cse_of_single_block_op {tag} inputs(%t) {
  ^bb0(%e: f32):
    %m = arith.mulf %s, %e : f32
    test.region_yield %m : f32
  } : tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
