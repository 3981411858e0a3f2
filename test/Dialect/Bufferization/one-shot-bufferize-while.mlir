// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries | FileCheck %s
// RUN: strata-opt %s --one-shot-bufferize | FileCheck %s --check-prefix=NOFB
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries --verify-equivalence > /dev/null
// RUN: strata-opt %s --one-shot-bufferize --verify-equivalence > /dev/null
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --verify-equivalence > /dev/null

// scf.while carrying a tensor: the init buffer is used in place (the
// before/after arguments and the result share it) unless the init is read
// after the loop (@init_read_after: the loop starts from a copy). Without
// function boundaries the argument is read through to_buffer, hence the
// copy. CHECK lines are mlir-opt 22's output.

// CHECK: module {
// CHECK-NEXT:   func.func @countdown(%arg0: memref<4xf32, strided<[?], offset: ?>>) -> (memref<4xf32, strided<[?], offset: ?>>, i32) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %0:2 = scf.while (%arg1 = %arg0, %arg2 = %c3_i32) : (memref<4xf32, strided<[?], offset: ?>>, i32) -> (memref<4xf32, strided<[?], offset: ?>>, i32) {
// CHECK-NEXT:       %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:       %1 = arith.cmpi sgt, %arg2, %c0_i32 : i32
// CHECK-NEXT:       scf.condition(%1) %arg1, %arg2 : memref<4xf32, strided<[?], offset: ?>>, i32
// CHECK-NEXT:     } do {
// CHECK-NEXT:     ^bb0(%arg1: memref<4xf32, strided<[?], offset: ?>>, %arg2: i32):
// CHECK-NEXT:       %1 = memref.load %arg1[%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:       %2 = arith.addf %1, %1 : f32
// CHECK-NEXT:       memref.store %2, %arg1[%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:       %3 = arith.subi %arg2, %c1_i32 : i32
// CHECK-NEXT:       scf.yield %arg1, %3 : memref<4xf32, strided<[?], offset: ?>>, i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0#0, %0#1 : memref<4xf32, strided<[?], offset: ?>>, i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @init_read_after(%arg0: memref<4xf32, strided<[?], offset: ?>>) -> (memref<4xf32>, f32) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:     memref.copy %arg0, %alloc : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32>
// CHECK-NEXT:     %0:2 = scf.while (%arg1 = %alloc, %arg2 = %c0) : (memref<4xf32>, index) -> (memref<4xf32>, index) {
// CHECK-NEXT:       %2 = arith.cmpi slt, %arg2, %c4 : index
// CHECK-NEXT:       scf.condition(%2) %arg1, %arg2 : memref<4xf32>, index
// CHECK-NEXT:     } do {
// CHECK-NEXT:     ^bb0(%arg1: memref<4xf32>, %arg2: index):
// CHECK-NEXT:       %2 = memref.load %arg1[%arg2] : memref<4xf32>
// CHECK-NEXT:       %3 = arith.mulf %2, %2 : f32
// CHECK-NEXT:       memref.store %3, %arg1[%arg2] : memref<4xf32>
// CHECK-NEXT:       %4 = arith.addi %arg2, %c1 : index
// CHECK-NEXT:       scf.yield %arg1, %4 : memref<4xf32>, index
// CHECK-NEXT:     }
// CHECK-NEXT:     %1 = memref.load %arg0[%c1] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:     %cast = memref.cast %0#0 : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:     return %0#0, %1 : memref<4xf32>, f32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// NOFB: module {
// NOFB-NEXT:   func.func @countdown(%arg0: tensor<4xf32>) -> (tensor<4xf32>, i32) {
// NOFB-NEXT:     %0 = bufferization.to_buffer %arg0 : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// NOFB-NEXT:     %c0 = arith.constant 0 : index
// NOFB-NEXT:     %c1_i32 = arith.constant 1 : i32
// NOFB-NEXT:     %c3_i32 = arith.constant 3 : i32
// NOFB-NEXT:     %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// NOFB-NEXT:     memref.copy %0, %alloc : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32>
// NOFB-NEXT:     %1:2 = scf.while (%arg1 = %alloc, %arg2 = %c3_i32) : (memref<4xf32>, i32) -> (memref<4xf32>, i32) {
// NOFB-NEXT:       %c0_i32 = arith.constant 0 : i32
// NOFB-NEXT:       %3 = arith.cmpi sgt, %arg2, %c0_i32 : i32
// NOFB-NEXT:       scf.condition(%3) %arg1, %arg2 : memref<4xf32>, i32
// NOFB-NEXT:     } do {
// NOFB-NEXT:     ^bb0(%arg1: memref<4xf32>, %arg2: i32):
// NOFB-NEXT:       %3 = memref.load %arg1[%c0] : memref<4xf32>
// NOFB-NEXT:       %4 = arith.addf %3, %3 : f32
// NOFB-NEXT:       memref.store %4, %arg1[%c0] : memref<4xf32>
// NOFB-NEXT:       %5 = arith.subi %arg2, %c1_i32 : i32
// NOFB-NEXT:       scf.yield %arg1, %5 : memref<4xf32>, i32
// NOFB-NEXT:     }
// NOFB-NEXT:     %2 = bufferization.to_tensor %1#0 : memref<4xf32> to tensor<4xf32>
// NOFB-NEXT:     return %2, %1#1 : tensor<4xf32>, i32
// NOFB-NEXT:   }
// NOFB-NEXT:   func.func @init_read_after(%arg0: tensor<4xf32>) -> (tensor<4xf32>, f32) {
// NOFB-NEXT:     %0 = bufferization.to_buffer %arg0 : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// NOFB-NEXT:     %1 = bufferization.to_buffer %arg0 : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// NOFB-NEXT:     %c0 = arith.constant 0 : index
// NOFB-NEXT:     %c1 = arith.constant 1 : index
// NOFB-NEXT:     %c4 = arith.constant 4 : index
// NOFB-NEXT:     %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// NOFB-NEXT:     memref.copy %1, %alloc : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32>
// NOFB-NEXT:     %2:2 = scf.while (%arg1 = %alloc, %arg2 = %c0) : (memref<4xf32>, index) -> (memref<4xf32>, index) {
// NOFB-NEXT:       %5 = arith.cmpi slt, %arg2, %c4 : index
// NOFB-NEXT:       scf.condition(%5) %arg1, %arg2 : memref<4xf32>, index
// NOFB-NEXT:     } do {
// NOFB-NEXT:     ^bb0(%arg1: memref<4xf32>, %arg2: index):
// NOFB-NEXT:       %5 = memref.load %arg1[%arg2] : memref<4xf32>
// NOFB-NEXT:       %6 = arith.mulf %5, %5 : f32
// NOFB-NEXT:       memref.store %6, %arg1[%arg2] : memref<4xf32>
// NOFB-NEXT:       %7 = arith.addi %arg2, %c1 : index
// NOFB-NEXT:       scf.yield %arg1, %7 : memref<4xf32>, index
// NOFB-NEXT:     }
// NOFB-NEXT:     %3 = bufferization.to_tensor %2#0 : memref<4xf32> to tensor<4xf32>
// NOFB-NEXT:     %4 = memref.load %0[%c1] : memref<4xf32, strided<[?], offset: ?>>
// NOFB-NEXT:     return %3, %4 : tensor<4xf32>, f32
// NOFB-NEXT:   }
// NOFB-NEXT: }

func.func @countdown(%t: tensor<4xf32>) -> (tensor<4xf32>, i32) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %n = arith.constant 3 : i32
  %r:2 = scf.while (%a = %t, %i = %n) : (tensor<4xf32>, i32) -> (tensor<4xf32>, i32) {
    %z = arith.constant 0 : i32
    %cond = arith.cmpi sgt, %i, %z : i32
    scf.condition(%cond) %a, %i : tensor<4xf32>, i32
  } do {
  ^bb0(%b: tensor<4xf32>, %j: i32):
    %v = tensor.extract %b[%c0] : tensor<4xf32>
    %w = arith.addf %v, %v : f32
    %b2 = tensor.insert %w into %b[%c0] : tensor<4xf32>
    %j2 = arith.subi %j, %one : i32
    scf.yield %b2, %j2 : tensor<4xf32>, i32
  }
  return %r#0, %r#1 : tensor<4xf32>, i32
}

func.func @init_read_after(%t: tensor<4xf32>) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r:2 = scf.while (%a = %t, %i = %c0) : (tensor<4xf32>, index) -> (tensor<4xf32>, index) {
    %cond = arith.cmpi slt, %i, %c4 : index
    scf.condition(%cond) %a, %i : tensor<4xf32>, index
  } do {
  ^bb0(%b: tensor<4xf32>, %j: index):
    %v = tensor.extract %b[%j] : tensor<4xf32>
    %w = arith.mulf %v, %v : f32
    %b2 = tensor.insert %w into %b[%j] : tensor<4xf32>
    %j2 = arith.addi %j, %c1 : index
    scf.yield %b2, %j2 : tensor<4xf32>, index
  }
  %old = tensor.extract %t[%c1] : tensor<4xf32>
  return %r#0, %old : tensor<4xf32>, f32
}
