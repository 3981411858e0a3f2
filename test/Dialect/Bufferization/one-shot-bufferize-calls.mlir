
// CHECK: module {
// CHECK-NEXT: func.func @scale(%arg0: memref<8xf32, strided<[?], offset: ?>>, %arg1: f32) -> memref<8xf32, strided<[?], offset: ?>> {
// CHECK-NEXT: linalg.map ins(%arg0 : memref<8xf32, strided<[?], offset: ?>>) outs(%arg0 : memref<8xf32, strided<[?], offset: ?>>)
// CHECK-NEXT: (%in: f32, %init: f32) {
// CHECK-NEXT: %0 = arith.mulf %in, %arg1 : f32
// CHECK-NEXT: linalg.yield %0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %arg0 : memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @sum(%arg0: memref<8xf32, strided<[?], offset: ?>>) -> memref<f32> {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<f32>
// CHECK-NEXT: linalg.fill ins(%cst : f32) outs(%alloc : memref<f32>)
// CHECK-NEXT: linalg.reduce { arith.addf } ins(%arg0 : memref<8xf32, strided<[?], offset: ?>>) outs(%alloc : memref<f32>) dimensions = [0]
// CHECK-NEXT: %cast = memref.cast %alloc : memref<f32> to memref<f32, strided<[], offset: ?>>
// CHECK-NEXT: return %alloc : memref<f32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @caller(%arg0: memref<8xf32, strided<[?], offset: ?>>, %arg1: f32) -> (memref<8xf32, strided<[?], offset: ?>>, memref<f32>, memref<f32>) {
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NEXT: memref.copy %arg0, %alloc : memref<8xf32, strided<[?], offset: ?>> to memref<8xf32>
// CHECK-NEXT: %cast = memref.cast %alloc : memref<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %0 = call @scale(%cast, %arg1) : (memref<8xf32, strided<[?], offset: ?>>, f32) -> memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %1 = call @sum(%arg0) : (memref<8xf32, strided<[?], offset: ?>>) -> memref<f32>
// CHECK-NEXT: %2 = call @scale(%0, %arg1) : (memref<8xf32, strided<[?], offset: ?>>, f32) -> memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %3 = call @sum(%2) : (memref<8xf32, strided<[?], offset: ?>>) -> memref<f32>
// CHECK-NEXT: %cast_0 = memref.cast %1 : memref<f32> to memref<f32, strided<[], offset: ?>>
// CHECK-NEXT: %cast_1 = memref.cast %3 : memref<f32> to memref<f32, strided<[], offset: ?>>
// CHECK-NEXT: return %2, %1, %3 : memref<8xf32, strided<[?], offset: ?>>, memref<f32>, memref<f32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:
// NOFB: module {
// NOFB-NEXT: func.func @scale(%arg0: tensor<8xf32>, %arg1: f32) -> tensor<8xf32> {
// NOFB-NEXT: %0 = bufferization.to_buffer %arg0 : tensor<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// NOFB-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// NOFB-NEXT: linalg.map ins(%0 : memref<8xf32, strided<[?], offset: ?>>) outs(%alloc : memref<8xf32>)
// NOFB-NEXT: (%in: f32, %init: f32) {
// NOFB-NEXT: %2 = arith.mulf %in, %arg1 : f32
// NOFB-NEXT: linalg.yield %2 : f32
// NOFB-NEXT: }
// NOFB-NEXT: %1 = bufferization.to_tensor %alloc : memref<8xf32> to tensor<8xf32>
// NOFB-NEXT: return %1 : tensor<8xf32>
// NOFB-NEXT: }
// NOFB-NEXT: func.func @sum(%arg0: tensor<8xf32>) -> tensor<f32> {
// NOFB-NEXT: %0 = bufferization.to_buffer %arg0 : tensor<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// NOFB-NEXT: %cst = arith.constant 0.000000e+00 : f32
// NOFB-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<f32>
// NOFB-NEXT: linalg.fill ins(%cst : f32) outs(%alloc : memref<f32>)
// NOFB-NEXT: linalg.reduce { arith.addf } ins(%0 : memref<8xf32, strided<[?], offset: ?>>) outs(%alloc : memref<f32>) dimensions = [0]
// NOFB-NEXT: %1 = bufferization.to_tensor %alloc : memref<f32> to tensor<f32>
// NOFB-NEXT: return %1 : tensor<f32>
// NOFB-NEXT: }
// NOFB-NEXT: func.func @caller(%arg0: tensor<8xf32>, %arg1: f32) -> (tensor<8xf32>, tensor<f32>, tensor<f32>) {
// NOFB-NEXT: %0 = call @scale(%arg0, %arg1) : (tensor<8xf32>, f32) -> tensor<8xf32>
// NOFB-NEXT: %1 = call @sum(%arg0) : (tensor<8xf32>) -> tensor<f32>
// NOFB-NEXT: %2 = call @scale(%0, %arg1) : (tensor<8xf32>, f32) -> tensor<8xf32>
// NOFB-NEXT: %3 = call @sum(%2) : (tensor<8xf32>) -> tensor<f32>
// NOFB-NEXT: return %2, %1, %3 : tensor<8xf32>, tensor<f32>, tensor<f32>
// NOFB-NEXT: }
// NOFB-NEXT: }
// NOFB-EMPTY:

// one-shot-bufferize=bufferize-function-boundaries across func.call:
// callees are bufferized first; an operand the callee writes in place is
// passed in place unless it is read after the call (then a copy, cast to
// the callee's argument type); a result returning an argument shares the
// operand's buffer. Without function boundaries calls keep their tensors.
// Output as mlir-opt 22's; same results before and after.
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries | FileCheck %s
// RUN: strata-opt %s --one-shot-bufferize | FileCheck %s --check-prefix=NOFB
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries --verify-equivalence=caller --equivalence-trials=4 > /dev/null
// RUN: strata-opt %s --one-shot-bufferize --verify-equivalence=caller --equivalence-trials=4 > /dev/null
// RUN: strata-opt %s --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries},convert-linalg-to-loops,convert-scf-to-cf)" --verify-equivalence=caller --equivalence-trials=4 > /dev/null
// REQUIRES: mlir-opt
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries | %mlir-accepts > /dev/null

// The callee writes its argument in place and returns it.
func.func @scale(%t: tensor<8xf32>, %s: f32) -> tensor<8xf32> {
  %r = linalg.map ins(%t : tensor<8xf32>) outs(%t : tensor<8xf32>)
    (%v: f32, %o: f32) {
      %m = arith.mulf %v, %s : f32
      linalg.yield %m : f32
    }
  return %r : tensor<8xf32>
}
// The callee only reads its argument and returns a new buffer.
func.func @sum(%t: tensor<8xf32>) -> tensor<f32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.reduce { arith.addf } ins(%t : tensor<8xf32>) outs(%f : tensor<f32>) dimensions = [0]
  return %r : tensor<f32>
}
// %a is read after the first call, so that call gets a copy.
func.func @caller(%a: tensor<8xf32>, %s: f32) -> (tensor<8xf32>, tensor<f32>, tensor<f32>) {
  %b = func.call @scale(%a, %s) : (tensor<8xf32>, f32) -> tensor<8xf32>
  %x = func.call @sum(%a) : (tensor<8xf32>) -> tensor<f32>
  %c = func.call @scale(%b, %s) : (tensor<8xf32>, f32) -> tensor<8xf32>
  %y = func.call @sum(%c) : (tensor<8xf32>) -> tensor<f32>
  return %c, %x, %y : tensor<8xf32>, tensor<f32>, tensor<f32>
}
