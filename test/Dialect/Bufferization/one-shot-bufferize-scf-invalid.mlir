
// CHECK: module {
// CHECK-NEXT: func.func @fresh(%arg0: memref<8xf32, strided<[?], offset: ?>>, %arg1: index) -> memref<8xf32, strided<[?], offset: ?>> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %arg0) -> (memref<8xf32, strided<[?], offset: ?>>) {
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NEXT: linalg.map { arith.addf } ins(%arg3, %arg3 : memref<8xf32, strided<[?], offset: ?>>, memref<8xf32, strided<[?], offset: ?>>) outs(%alloc : memref<8xf32>)
// CHECK-NEXT: %cast = memref.cast %alloc : memref<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: scf.yield %cast : memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:

// A loop that yields a new buffer each iteration needs
// allow-return-allocs-from-loops (MLIR's message otherwise); with it, the
// yielded buffer is cast to the iteration argument's type, and a yielded
// buffer defined outside the loop is copied.
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries --split-input-file --verify-diagnostics
// RUN: strata-opt %s "--one-shot-bufferize=bufferize-function-boundaries allow-return-allocs-from-loops" --split-input-file | FileCheck %s
// RUN: strata-opt %s "--one-shot-bufferize=bufferize-function-boundaries allow-return-allocs-from-loops" --split-input-file --verify-equivalence --equivalence-trials=4 > /dev/null

func.func @fresh(%a: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %a) -> (tensor<8xf32>) {
    %e = tensor.empty() : tensor<8xf32>
    %y = linalg.map { arith.addf } ins(%t, %t : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>)
    // expected-error @below {{Yield operand #0 is not equivalent to the corresponding iter bbArg}}
    scf.yield %y : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// -----
// CHECK: module {
// CHECK-NEXT: func.func @outside(%arg0: memref<8xf32, strided<[?], offset: ?>>, %arg1: memref<8xf32, strided<[?], offset: ?>>, %arg2: index) -> memref<8xf32, strided<[?], offset: ?>> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = scf.for %arg3 = %c0 to %arg2 step %c1 iter_args(%arg4 = %arg0) -> (memref<8xf32, strided<[?], offset: ?>>) {
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NEXT: memref.copy %arg1, %alloc : memref<8xf32, strided<[?], offset: ?>> to memref<8xf32>
// CHECK-NEXT: %cast = memref.cast %alloc : memref<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: scf.yield %cast : memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:

func.func @outside(%a: tensor<8xf32>, %b: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %a) -> (tensor<8xf32>) {
    // expected-error @below {{Yield operand #0 is not equivalent to the corresponding iter bbArg}}
    scf.yield %b : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
