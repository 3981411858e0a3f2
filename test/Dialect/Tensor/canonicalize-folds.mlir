// Tensor folds and canonicalizations of MLIR 22's TensorOps.cpp: constant
// splats through reshapes/slices, from_elements/splat/rank/insert of
// constants, inverse collapse/expand pairs, bitcast chains, extract and dim
// through tensor.cast, single-input and shape-inferring concats, tensor.empty
// with constant sizes and under a more static cast. CHECK lines are
// mlir-opt 22's output for this file.
// RUN: strata-opt %s --canonicalize | FileCheck %s
// RUN: strata-opt %s --canonicalize --verify-equivalence > /dev/null
// RUN: mlir-opt %s --canonicalize | FileCheck %s
// REQUIRES: mlir-opt
// CHECK-LABEL: func.func @splat_reshapes(
// CHECK-NEXT: %cst = arith.constant dense<4.000000e+00> : tensor<2x4x2xf32>
// CHECK-NEXT: %cst_0 = arith.constant dense<1.500000e+00> : tensor<8xf32>
// CHECK-NEXT: %cst_1 = arith.constant dense<4.000000e+00> : tensor<2x2xf32>
// CHECK-NEXT: return %cst, %cst_0, %cst_1 : tensor<2x4x2xf32>, tensor<8xf32>, tensor<2x2xf32>
func.func @splat_reshapes() -> (tensor<2x4x2xf32>, tensor<8xf32>, tensor<2x2xf32>) {
  %c = arith.constant dense<4.0> : tensor<2x8xf32>
  %e = tensor.expand_shape %c [[0], [1, 2]] output_shape [2, 4, 2] : tensor<2x8xf32> into tensor<2x4x2xf32>
  %f = arith.constant 1.5 : f32
  %s = tensor.splat %f : tensor<2x4xf32>
  %k = tensor.collapse_shape %s [[0, 1]] : tensor<2x4xf32> into tensor<8xf32>
  %x = tensor.extract_slice %c[0, 2] [2, 2] [1, 1] : tensor<2x8xf32> to tensor<2x2xf32>
  return %e, %k, %x : tensor<2x4x2xf32>, tensor<8xf32>, tensor<2x2xf32>
}
// CHECK-LABEL: func.func @from_constants(
// CHECK-NEXT: %cst = arith.constant dense<[1, -2, 1]> : tensor<3xi32>
// CHECK-NEXT: %cst_0 = arith.constant dense<2.500000e+00> : tensor<2xf32>
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: return %cst, %cst_0, %c1 : tensor<3xi32>, tensor<2xf32>, index
func.func @from_constants() -> (tensor<3xi32>, tensor<2xf32>, index) {
  %a = arith.constant 1 : i32
  %b = arith.constant -2 : i32
  %t = tensor.from_elements %a, %b, %a : tensor<3xi32>
  %f = arith.constant 2.5 : f32
  %u = tensor.from_elements %f, %f : tensor<2xf32>
  %r = tensor.rank %t : tensor<3xi32>
  return %t, %u, %r : tensor<3xi32>, tensor<2xf32>, index
}
// CHECK-LABEL: func.func @reshape_roundtrip(
// CHECK-NEXT: return %arg0, %arg0 : tensor<3x8xf32>, tensor<3x8xf32>
func.func @reshape_roundtrip(%arg0: tensor<3x8xf32>) -> (tensor<3x8xf32>, tensor<3x8xf32>) {
  %e = tensor.expand_shape %arg0 [[0], [1, 2]] output_shape [3, 2, 4] : tensor<3x8xf32> into tensor<3x2x4xf32>
  %c = tensor.collapse_shape %e [[0], [1, 2]] : tensor<3x2x4xf32> into tensor<3x8xf32>
  %k = tensor.collapse_shape %arg0 [[0, 1]] : tensor<3x8xf32> into tensor<24xf32>
  %x = tensor.expand_shape %k [[0, 1]] output_shape [3, 8] : tensor<24xf32> into tensor<3x8xf32>
  return %c, %x : tensor<3x8xf32>, tensor<3x8xf32>
}
// CHECK-LABEL: func.func @bitcasts(
// CHECK-NEXT: %0 = tensor.bitcast %arg0 : tensor<4xi32> to tensor<4xf32>
// CHECK-NEXT: return %0, %arg0 : tensor<4xf32>, tensor<4xi32>
func.func @bitcasts(%arg0: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %0 = tensor.bitcast %arg0 : tensor<4xi32> to tensor<4xui32>
  %1 = tensor.bitcast %0 : tensor<4xui32> to tensor<4xf32>
  %2 = tensor.bitcast %0 : tensor<4xui32> to tensor<4xi32>
  return %1, %2 : tensor<4xf32>, tensor<4xi32>
}
// CHECK-LABEL: func.func @through_casts(
// CHECK-NEXT: %c6 = arith.constant 6 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %extracted = tensor.extract %arg0[%c2, %c1] : tensor<6x4xf32>
// CHECK-NEXT: return %extracted, %c4, %c6 : f32, index, index
func.func @through_casts(%arg0: tensor<6x4xf32>) -> (f32, index, index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %0 = tensor.cast %arg0 : tensor<6x4xf32> to tensor<?x?xf32>
  %1 = tensor.extract %0[%c2, %c1] : tensor<?x?xf32>
  %2 = tensor.dim %0, %c1 : tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %3 = tensor.dim %0, %c0 : tensor<?x?xf32>
  return %1, %2, %3 : f32, index, index
}
// CHECK-LABEL: func.func @insert_into_splat(
// CHECK-NEXT: %cst = arith.constant dense<3.000000e+00> : tensor<4xf32>
// CHECK-NEXT: return %cst : tensor<4xf32>
func.func @insert_into_splat(%i: index) -> tensor<4xf32> {
  %0 = arith.constant dense<3.0> : tensor<4xf32>
  %1 = arith.constant 3.0 : f32
  %2 = tensor.insert %1 into %0[%i] : tensor<4xf32>
  return %2 : tensor<4xf32>
}
// CHECK-LABEL: func.func @concats(
// CHECK-NEXT: %concat = tensor.concat dim(0) %arg0, %arg1 : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK-NEXT: %cast = tensor.cast %concat : tensor<?x3xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %arg0, %cast : tensor<2x3xf32>, tensor<?x?xf32>
func.func @concats(%arg0: tensor<2x3xf32>, %arg1: tensor<?x3xf32>) -> (tensor<2x3xf32>, tensor<?x?xf32>) {
  %0 = tensor.cast %arg0 : tensor<2x3xf32> to tensor<?x3xf32>
  %1 = tensor.concat dim(0) %0 : (tensor<?x3xf32>) -> tensor<2x3xf32>
  %2 = tensor.concat dim(0) %arg0, %arg1 : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<?x?xf32>
  return %1, %2 : tensor<2x3xf32>, tensor<?x?xf32>
}
// CHECK-LABEL: func.func @empties(
// CHECK-NEXT: %0 = tensor.empty() : tensor<4x5xf32>
// CHECK-NEXT: %cast = tensor.cast %0 : tensor<4x5xf32> to tensor<4x?xf32>
// CHECK-NEXT: %1 = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %2 = linalg.fill ins(%arg1 : f32) outs(%1 : tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: return %cast, %2 : tensor<4x?xf32>, tensor<2x3xf32>
func.func @empties(%n: index, %v: f32) -> (tensor<4x?xf32>, tensor<2x3xf32>) {
  %c5 = arith.constant 5 : index
  %0 = tensor.empty(%c5) : tensor<4x?xf32>
  %c2 = arith.constant 2 : index
  %m = arith.minui %n, %c2 : index
  %2 = tensor.empty(%m) : tensor<?x3xf32>
  %3 = tensor.cast %2 : tensor<?x3xf32> to tensor<2x3xf32>
  %4 = linalg.fill ins(%v : f32) outs(%3 : tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %4 : tensor<4x?xf32>, tensor<2x3xf32>
}
