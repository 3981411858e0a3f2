
// CHECK: module {
// CHECK-NEXT: func.func @reshape(%arg0: memref<2x6xf32, strided<[?, ?], offset: ?>>, %arg1: index) -> (memref<12xf32>, memref<3x4xf32>, f32) {
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x6xf32>
// CHECK-NEXT: memref.copy %arg0, %alloc : memref<2x6xf32, strided<[?, ?], offset: ?>> to memref<2x6xf32>
// CHECK-NEXT: %collapse_shape = memref.collapse_shape %alloc {{\[\[}}0, 1]] : memref<2x6xf32> into memref<12xf32>
// CHECK-NEXT: %expand_shape = memref.expand_shape %collapse_shape {{\[\[}}0, 1]] output_shape [3, 4] : memref<12xf32> into memref<3x4xf32>
// CHECK-NEXT: %0 = memref.load %collapse_shape[%arg1] : memref<12xf32>
// CHECK-NEXT: %cast = memref.cast %collapse_shape : memref<12xf32> to memref<12xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %cast_0 = memref.cast %expand_shape : memref<3x4xf32> to memref<3x4xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: return %collapse_shape, %expand_shape, %0 : memref<12xf32>, memref<3x4xf32>, f32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @elements(%arg0: f32, %arg1: f32) -> memref<2x2xf32> {
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: memref.store %arg0, %alloc[%c0, %c0] : memref<2x2xf32>
// CHECK-NEXT: memref.store %arg1, %alloc[%c0, %c1] : memref<2x2xf32>
// CHECK-NEXT: memref.store %arg1, %alloc[%c1, %c0] : memref<2x2xf32>
// CHECK-NEXT: memref.store %arg0, %alloc[%c1, %c1] : memref<2x2xf32>
// CHECK-NEXT: %cast = memref.cast %alloc : memref<2x2xf32> to memref<2x2xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: return %alloc : memref<2x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @write_collapsed(%arg0: memref<2x6xf32, strided<[?, ?], offset: ?>>, %arg1: f32) -> memref<12xf32> {
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x6xf32>
// CHECK-NEXT: memref.copy %arg0, %alloc : memref<2x6xf32, strided<[?, ?], offset: ?>> to memref<2x6xf32>
// CHECK-NEXT: %collapse_shape = memref.collapse_shape %alloc {{\[\[}}0, 1]] : memref<2x6xf32> into memref<12xf32>
// CHECK-NEXT: linalg.fill ins(%arg1 : f32) outs(%collapse_shape : memref<12xf32>)
// CHECK-NEXT: %cast = memref.cast %collapse_shape : memref<12xf32> to memref<12xf32, strided<[?], offset: ?>>
// CHECK-NEXT: return %collapse_shape : memref<12xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @gen(%arg0: index) -> memref<?x3xindex> {
// CHECK-NEXT: %alloc = memref.alloc(%arg0) {alignment = 64 : i64} : memref<?x3xindex>
// CHECK-NEXT: linalg.map outs(%alloc : memref<?x3xindex>)
// CHECK-NEXT: (%init: index) {
// CHECK-NEXT: %0 = linalg.index 0 : index
// CHECK-NEXT: %1 = linalg.index 1 : index
// CHECK-NEXT: %2 = arith.addi %0, %1 : index
// CHECK-NEXT: linalg.yield %2 : index
// CHECK-NEXT: }
// CHECK-NEXT: %cast = memref.cast %alloc : memref<?x3xindex> to memref<?x3xindex, strided<[?, ?], offset: ?>>
// CHECK-NEXT: return %alloc : memref<?x3xindex>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:
// ID: module {
// ID-NEXT: func.func @reshape(%arg0: memref<2x6xf32>, %arg1: index) -> (memref<12xf32>, memref<3x4xf32>, f32) {
// ID-NEXT: %collapse_shape = memref.collapse_shape %arg0 {{\[\[}}0, 1]] : memref<2x6xf32> into memref<12xf32>
// ID-NEXT: %expand_shape = memref.expand_shape %collapse_shape {{\[\[}}0, 1]] output_shape [3, 4] : memref<12xf32> into memref<3x4xf32>
// ID-NEXT: %0 = memref.load %collapse_shape[%arg1] : memref<12xf32>
// ID-NEXT: return %collapse_shape, %expand_shape, %0 : memref<12xf32>, memref<3x4xf32>, f32
// ID-NEXT: }
// ID-NEXT: func.func @elements(%arg0: f32, %arg1: f32) -> memref<2x2xf32> {
// ID-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
// ID-NEXT: %c0 = arith.constant 0 : index
// ID-NEXT: %c1 = arith.constant 1 : index
// ID-NEXT: memref.store %arg0, %alloc[%c0, %c0] : memref<2x2xf32>
// ID-NEXT: memref.store %arg1, %alloc[%c0, %c1] : memref<2x2xf32>
// ID-NEXT: memref.store %arg1, %alloc[%c1, %c0] : memref<2x2xf32>
// ID-NEXT: memref.store %arg0, %alloc[%c1, %c1] : memref<2x2xf32>
// ID-NEXT: return %alloc : memref<2x2xf32>
// ID-NEXT: }
// ID-NEXT: func.func @write_collapsed(%arg0: memref<2x6xf32>, %arg1: f32) -> memref<12xf32> {
// ID-NEXT: %collapse_shape = memref.collapse_shape %arg0 {{\[\[}}0, 1]] : memref<2x6xf32> into memref<12xf32>
// ID-NEXT: linalg.fill ins(%arg1 : f32) outs(%collapse_shape : memref<12xf32>)
// ID-NEXT: return %collapse_shape : memref<12xf32>
// ID-NEXT: }
// ID-NEXT: func.func @gen(%arg0: index) -> memref<?x3xindex> {
// ID-NEXT: %alloc = memref.alloc(%arg0) {alignment = 64 : i64} : memref<?x3xindex>
// ID-NEXT: linalg.map outs(%alloc : memref<?x3xindex>)
// ID-NEXT: (%init: index) {
// ID-NEXT: %0 = linalg.index 0 : index
// ID-NEXT: %1 = linalg.index 1 : index
// ID-NEXT: %2 = arith.addi %0, %1 : index
// ID-NEXT: linalg.yield %2 : index
// ID-NEXT: }
// ID-NEXT: return %alloc : memref<?x3xindex>
// ID-NEXT: }
// ID-NEXT: }
// ID-EMPTY:

// tensor.generate becomes a linalg.map without inputs over a new buffer.
// one-shot-bufferize of tensor.collapse_shape / expand_shape (memref views
// sharing the source buffer; a collapse of a fully dynamic layout goes
// through an identity copy, as MLIR) and tensor.from_elements (an
// allocation and row-major stores). Output as mlir-opt 22's with function
// boundaries (without them, MLIR also copies returned views of read-only
// arguments: docs/bufferization.md); same results before and after.
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries | FileCheck %s
// RUN: strata-opt %s "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s --check-prefix=ID
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries --verify-equivalence --equivalence-trials=4 > /dev/null
// RUN: strata-opt %s --one-shot-bufferize --verify-equivalence --equivalence-trials=4 > /dev/null
// RUN: strata-opt %s --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries},convert-linalg-to-loops)" --verify-equivalence=gen --equivalence-trials=4 > /dev/null
// REQUIRES: mlir-opt
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries | %mlir-accepts > /dev/null

func.func @reshape(%a: tensor<2x6xf32>, %i: index) -> (tensor<12xf32>, tensor<3x4xf32>, f32) {
  %c = tensor.collapse_shape %a [[0, 1]] : tensor<2x6xf32> into tensor<12xf32>
  %e = tensor.expand_shape %c [[0, 1]] output_shape [3, 4] : tensor<12xf32> into tensor<3x4xf32>
  %x = tensor.extract %c[%i] : tensor<12xf32>
  return %c, %e, %x : tensor<12xf32>, tensor<3x4xf32>, f32
}
func.func @elements(%a: f32, %b: f32) -> tensor<2x2xf32> {
  %t = tensor.from_elements %a, %b, %b, %a : tensor<2x2xf32>
  return %t : tensor<2x2xf32>
}
func.func @write_collapsed(%a: tensor<2x6xf32>, %v: f32) -> tensor<12xf32> {
  %c = tensor.collapse_shape %a [[0, 1]] : tensor<2x6xf32> into tensor<12xf32>
  %f = linalg.fill ins(%v : f32) outs(%c : tensor<12xf32>) -> tensor<12xf32>
  return %f : tensor<12xf32>
}
func.func @gen(%n: index) -> tensor<?x3xindex> {
  %t = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    tensor.yield %s : index
  } : tensor<?x3xindex>
  return %t : tensor<?x3xindex>
}
