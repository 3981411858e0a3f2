// Canonicalizations of the structured ops as MLIR 22's LinalgOps.cpp:
// FoldTransposeWithTranspose and the identity-permutation fold,
// EraseIdentityLinalgOp (broadcast with no dimensions, generic whose maps are
// all equal and whose payload yields an input), and the linalg.fill producer
// patterns (FoldFillWithTensorExtract, FoldFillWithCopy in both operands,
// FoldFillWithTranspose, FoldFillWithTensorReshape). CHECK lines are
// mlir-opt 22's output for this file.
// RUN: strata-opt %s --canonicalize | FileCheck %s
// RUN: strata-opt %s --canonicalize --verify-equivalence > /dev/null
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --canonicalize | FileCheck %s
// CHECK-LABEL: func.func @transposes(
// CHECK-NEXT: %transposed = linalg.transpose ins(%arg0 : tensor<5x4x3xf32>) outs(%arg2 : tensor<3x4x5xf32>) permutation = [2, 1, 0]
// CHECK-NEXT: return %transposed, %arg0 : tensor<3x4x5xf32>, tensor<5x4x3xf32>
func.func @transposes(%a: tensor<5x4x3xf32>, %i1: tensor<4x3x5xf32>, %i2: tensor<3x4x5xf32>, %i3: tensor<5x4x3xf32>) -> (tensor<3x4x5xf32>, tensor<5x4x3xf32>) {
  %t1 = linalg.transpose ins(%a : tensor<5x4x3xf32>) outs(%i1 : tensor<4x3x5xf32>) permutation = [1, 2, 0]
  %t2 = linalg.transpose ins(%t1 : tensor<4x3x5xf32>) outs(%i2 : tensor<3x4x5xf32>) permutation = [1, 0, 2]
  %t3 = linalg.transpose ins(%a : tensor<5x4x3xf32>) outs(%i3 : tensor<5x4x3xf32>) permutation = [0, 1, 2]
  return %t2, %t3 : tensor<3x4x5xf32>, tensor<5x4x3xf32>
}
// CHECK-LABEL: func.func @broadcast_nothing(
// CHECK-NEXT: return %arg0 : tensor<2x3xf32>
func.func @broadcast_nothing(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = linalg.broadcast ins(%a : tensor<2x3xf32>) outs(%b : tensor<2x3xf32>) dimensions = []
  return %0 : tensor<2x3xf32>
}
// CHECK-LABEL: func.func @fills(
// CHECK-NEXT: %0 = linalg.fill ins(%arg0 : f32) outs(%arg2 : tensor<4x6xf32>) -> tensor<4x6xf32>
// CHECK-NEXT: %1 = linalg.fill ins(%arg0 : f32) outs(%arg3 : tensor<6x4xf32>) -> tensor<6x4xf32>
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg1 {{\[\[}}0, 1]] : tensor<4x6xf32> into tensor<24xf32>
// CHECK-NEXT: %2 = linalg.fill ins(%arg0 : f32) outs(%collapsed : tensor<24xf32>) -> tensor<24xf32>
// CHECK-NEXT: %3 = linalg.copy ins(%arg2 : tensor<4x6xf32>) outs(%arg1 : tensor<4x6xf32>) -> tensor<4x6xf32>
// CHECK-NEXT: return %arg0, %0, %1, %2, %3 : f32, tensor<4x6xf32>, tensor<6x4xf32>, tensor<24xf32>, tensor<4x6xf32>
func.func @fills(%v: f32, %a: tensor<4x6xf32>, %b: tensor<4x6xf32>, %c: tensor<6x4xf32>) -> (f32, tensor<4x6xf32>, tensor<6x4xf32>, tensor<24xf32>, tensor<4x6xf32>) {
  %f = linalg.fill ins(%v : f32) outs(%a : tensor<4x6xf32>) -> tensor<4x6xf32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %e = tensor.extract %f[%c1, %c2] : tensor<4x6xf32>
  %copy = linalg.copy ins(%f : tensor<4x6xf32>) outs(%b : tensor<4x6xf32>) -> tensor<4x6xf32>
  %t = linalg.transpose ins(%f : tensor<4x6xf32>) outs(%c : tensor<6x4xf32>) permutation = [1, 0]
  %r = tensor.collapse_shape %f [[0, 1]] : tensor<4x6xf32> into tensor<24xf32>
  %into = linalg.copy ins(%b : tensor<4x6xf32>) outs(%f : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %e, %copy, %t, %r, %into : f32, tensor<4x6xf32>, tensor<6x4xf32>, tensor<24xf32>, tensor<4x6xf32>
}
#tr = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @erase_permuted_identity(
// CHECK-NEXT: return %arg0 : tensor<3x5xf32>
func.func @erase_permuted_identity(%a: tensor<3x5xf32>, %b: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = linalg.generic {indexing_maps = [#tr, #tr], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<3x5xf32>) outs(%b : tensor<3x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
