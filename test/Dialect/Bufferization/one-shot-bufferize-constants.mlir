
// CHECK: module {
// CHECK-DAG: memref.global "private" constant @__constant_4xf32_0 : memref<4xf32> = dense<2.000000e+00> {alignment = 64 : i64}
// CHECK-DAG: memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> {alignment = 64 : i64}
// CHECK-DAG: memref.global "private" constant @__constant_2x3xi32 : memref<2x3xi32> = dense<{{\[\[}}1, 2, 3], [4, 5, 6]]> {alignment = 64 : i64}
// CHECK: func.func @add(%arg0: memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32> {
// CHECK-NEXT: %0 = memref.get_global @__constant_4xf32 : memref<4xf32>
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: linalg.map { arith.addf } ins(%arg0, %0 : memref<4xf32, strided<[?], offset: ?>>, memref<4xf32>) outs(%alloc : memref<4xf32>)
// CHECK-NEXT: %cast = memref.cast %alloc : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT: return %alloc : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @again(%arg0: memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32> {
// CHECK-NEXT: %0 = memref.get_global @__constant_4xf32 : memref<4xf32>
// CHECK-NEXT: %1 = memref.get_global @__constant_4xf32_0 : memref<4xf32>
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: linalg.map { arith.mulf } ins(%0, %1 : memref<4xf32>, memref<4xf32>) outs(%alloc : memref<4xf32>)
// CHECK-NEXT: linalg.map { arith.addf } ins(%alloc, %arg0 : memref<4xf32>, memref<4xf32, strided<[?], offset: ?>>) outs(%alloc : memref<4xf32>)
// CHECK-NEXT: %cast = memref.cast %alloc : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT: return %alloc : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @ints(%arg0: index, %arg1: index, %arg2: i32) -> (memref<2x3xi32>, i32) {
// CHECK-NEXT: %0 = memref.get_global @__constant_2x3xi32 : memref<2x3xi32>
// CHECK-NEXT: %1 = memref.load %0[%arg0, %arg1] : memref<2x3xi32>
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x3xi32>
// CHECK-NEXT: memref.copy %0, %alloc : memref<2x3xi32> to memref<2x3xi32>
// CHECK-NEXT: memref.store %arg2, %alloc[%arg0, %arg1] : memref<2x3xi32>
// CHECK-NEXT: %cast = memref.cast %alloc : memref<2x3xi32> to memref<2x3xi32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: return %alloc, %1 : memref<2x3xi32>, i32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:
// NOFB: module {
// NOFB-NEXT: memref.global "private" constant @__constant_2x3xi32 : memref<2x3xi32> = dense<{{\[\[}}1, 2, 3], [4, 5, 6]]> {alignment = 64 : i64}
// NOFB-NEXT: memref.global "private" constant @__constant_4xf32_0 : memref<4xf32> = dense<2.000000e+00> {alignment = 64 : i64}
// NOFB-NEXT: memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> {alignment = 64 : i64}
// NOFB-NEXT: func.func @add(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// NOFB-NEXT: %0 = bufferization.to_buffer %arg0 : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// NOFB-NEXT: %1 = memref.get_global @__constant_4xf32 : memref<4xf32>
// NOFB-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// NOFB-NEXT: linalg.map { arith.addf } ins(%0, %1 : memref<4xf32, strided<[?], offset: ?>>, memref<4xf32>) outs(%alloc : memref<4xf32>)
// NOFB-NEXT: %2 = bufferization.to_tensor %alloc : memref<4xf32> to tensor<4xf32>
// NOFB-NEXT: return %2 : tensor<4xf32>
// NOFB-NEXT: }
// NOFB-NEXT: func.func @again(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// NOFB-NEXT: %0 = bufferization.to_buffer %arg0 : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// NOFB-NEXT: %1 = memref.get_global @__constant_4xf32 : memref<4xf32>
// NOFB-NEXT: %2 = memref.get_global @__constant_4xf32_0 : memref<4xf32>
// NOFB-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// NOFB-NEXT: linalg.map { arith.mulf } ins(%1, %2 : memref<4xf32>, memref<4xf32>) outs(%alloc : memref<4xf32>)
// NOFB-NEXT: linalg.map { arith.addf } ins(%alloc, %0 : memref<4xf32>, memref<4xf32, strided<[?], offset: ?>>) outs(%alloc : memref<4xf32>)
// NOFB-NEXT: %3 = bufferization.to_tensor %alloc : memref<4xf32> to tensor<4xf32>
// NOFB-NEXT: return %3 : tensor<4xf32>
// NOFB-NEXT: }
// NOFB-NEXT: func.func @ints(%arg0: index, %arg1: index, %arg2: i32) -> (tensor<2x3xi32>, i32) {
// NOFB-NEXT: %0 = memref.get_global @__constant_2x3xi32 : memref<2x3xi32>
// NOFB-NEXT: %1 = memref.load %0[%arg0, %arg1] : memref<2x3xi32>
// NOFB-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x3xi32>
// NOFB-NEXT: memref.copy %0, %alloc : memref<2x3xi32> to memref<2x3xi32>
// NOFB-NEXT: memref.store %arg2, %alloc[%arg0, %arg1] : memref<2x3xi32>
// NOFB-NEXT: %2 = bufferization.to_tensor %alloc : memref<2x3xi32> to tensor<2x3xi32>
// NOFB-NEXT: return %2, %1 : tensor<2x3xi32>, i32
// NOFB-NEXT: }
// NOFB-NEXT: }
// NOFB-EMPTY:

// one-shot-bufferize turns tensor constants into private constant
// memref.globals named as MLIR's (__constant_4xf32, then _0, ...), one per
// distinct value, read with memref.get_global; writing a constant writes a
// copy. Output as mlir-opt 22's; same results before and after. The
// globals' order follows the order functions are bufferized in, which
// mlir-opt 22 takes from a DenseMap over pointers (it varies between runs):
// CHECK-DAG for them.
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries | FileCheck %s
// RUN: strata-opt %s --one-shot-bufferize | FileCheck %s --check-prefix=NOFB
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries --verify-equivalence --equivalence-trials=4 > /dev/null
// RUN: strata-opt %s --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries},convert-linalg-to-loops)" --verify-equivalence --equivalence-trials=4 > /dev/null
// REQUIRES: mlir-opt
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries | %mlir-accepts > /dev/null

// Two functions share the global of an equal constant; a splat and a 2-D
// integer constant get their own; a constant that is written is copied.
func.func @add(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %s = linalg.map { arith.addf } ins(%a, %c : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>)
  return %s : tensor<4xf32>
}
func.func @again(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %d = arith.constant dense<2.0> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %s = linalg.map { arith.mulf } ins(%c, %d : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>)
  %t = linalg.map { arith.addf } ins(%s, %a : tensor<4xf32>, tensor<4xf32>) outs(%s : tensor<4xf32>)
  return %t : tensor<4xf32>
}
func.func @ints(%i: index, %j: index, %v: i32) -> (tensor<2x3xi32>, i32) {
  %c = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %x = tensor.extract %c[%i, %j] : tensor<2x3xi32>
  %w = tensor.insert %v into %c[%i, %j] : tensor<2x3xi32>
  return %w, %x : tensor<2x3xi32>, i32
}
