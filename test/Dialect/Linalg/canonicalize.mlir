
// CHECK: module {
// CHECK-NEXT: func.func @dead_on_tensors(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: return %arg0 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @kept_on_memrefs(%arg0: memref<4xf32>, %arg1: memref<4xf32>) {
// CHECK-NEXT: linalg.copy ins(%arg0 : memref<4xf32>) outs(%arg1 : memref<4xf32>)
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @payload_folds(%arg0: tensor<4xi32>, %arg1: tensor<4xi32>) -> tensor<4xi32> {
// CHECK-NEXT: return %arg0 : tensor<4xi32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @constant_inputs(%arg0: tensor<2xf32>) -> tensor<2xf32> {
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %0 = linalg.fill ins(%cst : f32) outs(%arg0 : tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: return %0 : tensor<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:

// Linalg canonicalization (folds and patterns), output as mlir-opt 22's; the
// functions compute the same before and after on random inputs.
// RUN: strata-opt %s --canonicalize | FileCheck %s
// RUN: strata-opt %s --canonicalize --verify-equivalence > /dev/null
// REQUIRES: mlir-opt
// RUN: strata-opt %s --canonicalize | %mlir-accepts > /dev/null

func.func @dead_on_tensors(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.copy ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  %1 = linalg.map { arith.addf } ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%b : tensor<4xf32>)
  return %a : tensor<4xf32>
}
func.func @kept_on_memrefs(%a: memref<4xf32>, %b: memref<4xf32>) {
  linalg.copy ins(%a : memref<4xf32>) outs(%b : memref<4xf32>)
  return
}
func.func @payload_folds(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xi32>) outs(%b : tensor<4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %c0 = arith.constant 0 : i32
    %s = arith.addi %in, %c0 : i32
    linalg.yield %s : i32
  } -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
func.func @constant_inputs(%b: tensor<2xf32>) -> tensor<2xf32> {
  %c = arith.constant 1.0 : f32
  %0 = linalg.fill ins(%c : f32) outs(%b : tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
