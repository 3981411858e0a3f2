
// CHECK: module {
// CHECK-NEXT: func.func @for_in_place(%arg0: memref<8xf32, strided<[?], offset: ?>>, %arg1: index) -> memref<8xf32, strided<[?], offset: ?>> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %arg0) -> (memref<8xf32, strided<[?], offset: ?>>) {
// CHECK-NEXT: linalg.map { arith.addf } ins(%arg3, %arg3 : memref<8xf32, strided<[?], offset: ?>>, memref<8xf32, strided<[?], offset: ?>>) outs(%arg3 : memref<8xf32, strided<[?], offset: ?>>)
// CHECK-NEXT: scf.yield %arg3 : memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @for_copy(%arg0: memref<8xf32, strided<[?], offset: ?>>, %arg1: index) -> (memref<8xf32>, memref<8xf32, strided<[?], offset: ?>>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NEXT: memref.copy %arg0, %alloc : memref<8xf32, strided<[?], offset: ?>> to memref<8xf32>
// CHECK-NEXT: %0 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %alloc) -> (memref<8xf32>) {
// CHECK-NEXT: linalg.map { arith.addf } ins(%arg3, %arg3 : memref<8xf32>, memref<8xf32>) outs(%arg3 : memref<8xf32>)
// CHECK-NEXT: scf.yield %arg3 : memref<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %cast = memref.cast %0 : memref<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: return %0, %arg0 : memref<8xf32>, memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @for_insert(%arg0: memref<8xi32, strided<[?], offset: ?>>, %arg1: memref<8xi32, strided<[?], offset: ?>>) -> (memref<8xi32, strided<[?], offset: ?>>, memref<8xi32, strided<[?], offset: ?>>, index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %0:3 = scf.for %arg2 = %c0 to %c8 step %c1 iter_args(%arg3 = %arg0, %arg4 = %arg1, %arg5 = %c0) -> (memref<8xi32, strided<[?], offset: ?>>, memref<8xi32, strided<[?], offset: ?>>, index) {
// CHECK-NEXT: %1 = memref.load %arg3[%arg2] : memref<8xi32, strided<[?], offset: ?>>
// CHECK-NEXT: %2 = arith.muli %1, %1 : i32
// CHECK-NEXT: memref.store %2, %arg4[%arg2] : memref<8xi32, strided<[?], offset: ?>>
// CHECK-NEXT: %3 = arith.addi %arg5, %arg2 : index
// CHECK-NEXT: scf.yield %arg3, %arg4, %3 : memref<8xi32, strided<[?], offset: ?>>, memref<8xi32, strided<[?], offset: ?>>, index
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0, %0#1, %0#2 : memref<8xi32, strided<[?], offset: ?>>, memref<8xi32, strided<[?], offset: ?>>, index
// CHECK-NEXT: }
// CHECK-NEXT: func.func @for_read(%arg0: memref<8xf32, strided<[?], offset: ?>>, %arg1: memref<8xf32>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: scf.for %arg2 = %c0 to %c8 step %c1 {
// CHECK-NEXT: %0 = memref.load %arg0[%arg2] : memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: memref.store %0, %arg1[%arg2] : memref<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @if_select(%arg0: i1, %arg1: memref<8xf32, strided<[?], offset: ?>>, %arg2: f32) -> memref<8xf32, strided<[?], offset: ?>> {
// CHECK-NEXT: %0 = scf.if %arg0 -> (memref<8xf32, strided<[?], offset: ?>>) {
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NEXT: linalg.fill ins(%arg2 : f32) outs(%alloc : memref<8xf32>)
// CHECK-NEXT: %cast = memref.cast %alloc : memref<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: scf.yield %cast : memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg1 : memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @for_if(%arg0: memref<6xi32, strided<[?], offset: ?>>) -> memref<6xi32, strided<[?], offset: ?>> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c6 = arith.constant 6 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = scf.for %arg1 = %c0 to %c6 step %c1 iter_args(%arg2 = %arg0) -> (memref<6xi32, strided<[?], offset: ?>>) {
// CHECK-NEXT: %1 = arith.remui %arg1, %c2 : index
// CHECK-NEXT: %2 = arith.cmpi eq, %1, %c0 : index
// CHECK-NEXT: %3 = scf.if %2 -> (memref<6xi32, strided<[?], offset: ?>>) {
// CHECK-NEXT: memref.store %c0_i32, %arg2[%arg1] : memref<6xi32, strided<[?], offset: ?>>
// CHECK-NEXT: scf.yield %arg2 : memref<6xi32, strided<[?], offset: ?>>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg2 : memref<6xi32, strided<[?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %3 : memref<6xi32, strided<[?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : memref<6xi32, strided<[?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:
// NOFB: module {
// NOFB-NEXT: func.func @for_in_place(%arg0: tensor<8xf32>, %arg1: index) -> tensor<8xf32> {
// NOFB-NEXT: %0 = bufferization.to_buffer %arg0 : tensor<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// NOFB-NEXT: %c0 = arith.constant 0 : index
// NOFB-NEXT: %c1 = arith.constant 1 : index
// NOFB-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// NOFB-NEXT: memref.copy %0, %alloc : memref<8xf32, strided<[?], offset: ?>> to memref<8xf32>
// NOFB-NEXT: %1 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %alloc) -> (memref<8xf32>) {
// NOFB-NEXT: linalg.map { arith.addf } ins(%arg3, %arg3 : memref<8xf32>, memref<8xf32>) outs(%arg3 : memref<8xf32>)
// NOFB-NEXT: scf.yield %arg3 : memref<8xf32>
// NOFB-NEXT: }
// NOFB-NEXT: %2 = bufferization.to_tensor %1 : memref<8xf32> to tensor<8xf32>
// NOFB-NEXT: return %2 : tensor<8xf32>
// NOFB-NEXT: }
// NOFB-NEXT: func.func @for_copy(%arg0: tensor<8xf32>, %arg1: index) -> (tensor<8xf32>, tensor<8xf32>) {
// NOFB-NEXT: %0 = bufferization.to_buffer %arg0 : tensor<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// NOFB-NEXT: %c0 = arith.constant 0 : index
// NOFB-NEXT: %c1 = arith.constant 1 : index
// NOFB-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// NOFB-NEXT: memref.copy %0, %alloc : memref<8xf32, strided<[?], offset: ?>> to memref<8xf32>
// NOFB-NEXT: %1 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %alloc) -> (memref<8xf32>) {
// NOFB-NEXT: linalg.map { arith.addf } ins(%arg3, %arg3 : memref<8xf32>, memref<8xf32>) outs(%arg3 : memref<8xf32>)
// NOFB-NEXT: scf.yield %arg3 : memref<8xf32>
// NOFB-NEXT: }
// NOFB-NEXT: %2 = bufferization.to_tensor %1 : memref<8xf32> to tensor<8xf32>
// NOFB-NEXT: return %2, %arg0 : tensor<8xf32>, tensor<8xf32>
// NOFB-NEXT: }
// NOFB-NEXT: func.func @for_insert(%arg0: tensor<8xi32>, %arg1: tensor<8xi32>) -> (tensor<8xi32>, tensor<8xi32>, index) {
// NOFB-NEXT: %0 = bufferization.to_buffer %arg1 : tensor<8xi32> to memref<8xi32, strided<[?], offset: ?>>
// NOFB-NEXT: %1 = bufferization.to_buffer %arg0 : tensor<8xi32> to memref<8xi32, strided<[?], offset: ?>>
// NOFB-NEXT: %c0 = arith.constant 0 : index
// NOFB-NEXT: %c1 = arith.constant 1 : index
// NOFB-NEXT: %c8 = arith.constant 8 : index
// NOFB-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xi32>
// NOFB-NEXT: memref.copy %1, %alloc : memref<8xi32, strided<[?], offset: ?>> to memref<8xi32>
// NOFB-NEXT: %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<8xi32>
// NOFB-NEXT: memref.copy %0, %alloc_0 : memref<8xi32, strided<[?], offset: ?>> to memref<8xi32>
// NOFB-NEXT: %2:3 = scf.for %arg2 = %c0 to %c8 step %c1 iter_args(%arg3 = %alloc, %arg4 = %alloc_0, %arg5 = %c0) -> (memref<8xi32>, memref<8xi32>, index) {
// NOFB-NEXT: %5 = memref.load %arg3[%arg2] : memref<8xi32>
// NOFB-NEXT: %6 = arith.muli %5, %5 : i32
// NOFB-NEXT: memref.store %6, %arg4[%arg2] : memref<8xi32>
// NOFB-NEXT: %7 = arith.addi %arg5, %arg2 : index
// NOFB-NEXT: scf.yield %arg3, %arg4, %7 : memref<8xi32>, memref<8xi32>, index
// NOFB-NEXT: }
// NOFB-NEXT: %3 = bufferization.to_tensor %2#1 : memref<8xi32> to tensor<8xi32>
// NOFB-NEXT: %4 = bufferization.to_tensor %2#0 : memref<8xi32> to tensor<8xi32>
// NOFB-NEXT: return %4, %3, %2#2 : tensor<8xi32>, tensor<8xi32>, index
// NOFB-NEXT: }
// NOFB-NEXT: func.func @for_read(%arg0: tensor<8xf32>, %arg1: memref<8xf32>) {
// NOFB-NEXT: %0 = bufferization.to_buffer %arg0 : tensor<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// NOFB-NEXT: %c0 = arith.constant 0 : index
// NOFB-NEXT: %c1 = arith.constant 1 : index
// NOFB-NEXT: %c8 = arith.constant 8 : index
// NOFB-NEXT: scf.for %arg2 = %c0 to %c8 step %c1 {
// NOFB-NEXT: %1 = memref.load %0[%arg2] : memref<8xf32, strided<[?], offset: ?>>
// NOFB-NEXT: memref.store %1, %arg1[%arg2] : memref<8xf32>
// NOFB-NEXT: }
// NOFB-NEXT: return
// NOFB-NEXT: }
// NOFB-NEXT: func.func @if_select(%arg0: i1, %arg1: tensor<8xf32>, %arg2: f32) -> tensor<8xf32> {
// NOFB-NEXT: %0 = bufferization.to_buffer %arg1 : tensor<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// NOFB-NEXT: %1 = scf.if %arg0 -> (memref<8xf32, strided<[?], offset: ?>>) {
// NOFB-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// NOFB-NEXT: linalg.fill ins(%arg2 : f32) outs(%alloc : memref<8xf32>)
// NOFB-NEXT: %cast = memref.cast %alloc : memref<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// NOFB-NEXT: scf.yield %cast : memref<8xf32, strided<[?], offset: ?>>
// NOFB-NEXT: } else {
// NOFB-NEXT: scf.yield %0 : memref<8xf32, strided<[?], offset: ?>>
// NOFB-NEXT: }
// NOFB-NEXT: %2 = bufferization.to_tensor %1 : memref<8xf32, strided<[?], offset: ?>> to tensor<8xf32>
// NOFB-NEXT: return %2 : tensor<8xf32>
// NOFB-NEXT: }
// NOFB-NEXT: func.func @for_if(%arg0: tensor<6xi32>) -> tensor<6xi32> {
// NOFB-NEXT: %0 = bufferization.to_buffer %arg0 : tensor<6xi32> to memref<6xi32, strided<[?], offset: ?>>
// NOFB-NEXT: %c0 = arith.constant 0 : index
// NOFB-NEXT: %c1 = arith.constant 1 : index
// NOFB-NEXT: %c6 = arith.constant 6 : index
// NOFB-NEXT: %c2 = arith.constant 2 : index
// NOFB-NEXT: %c0_i32 = arith.constant 0 : i32
// NOFB-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<6xi32>
// NOFB-NEXT: memref.copy %0, %alloc : memref<6xi32, strided<[?], offset: ?>> to memref<6xi32>
// NOFB-NEXT: %1 = scf.for %arg1 = %c0 to %c6 step %c1 iter_args(%arg2 = %alloc) -> (memref<6xi32>) {
// NOFB-NEXT: %3 = arith.remui %arg1, %c2 : index
// NOFB-NEXT: %4 = arith.cmpi eq, %3, %c0 : index
// NOFB-NEXT: %5 = scf.if %4 -> (memref<6xi32>) {
// NOFB-NEXT: memref.store %c0_i32, %arg2[%arg1] : memref<6xi32>
// NOFB-NEXT: scf.yield %arg2 : memref<6xi32>
// NOFB-NEXT: } else {
// NOFB-NEXT: scf.yield %arg2 : memref<6xi32>
// NOFB-NEXT: }
// NOFB-NEXT: scf.yield %5 : memref<6xi32>
// NOFB-NEXT: }
// NOFB-NEXT: %2 = bufferization.to_tensor %1 : memref<6xi32> to tensor<6xi32>
// NOFB-NEXT: return %2 : tensor<6xi32>
// NOFB-NEXT: }
// NOFB-NEXT: }
// NOFB-EMPTY:

// one-shot-bufferize of scf.for / scf.if carrying tensors: loop-carried
// tensors become memref iter_args written in place unless the init value
// is read after the loop; scf.if results join both branches' buffers; ops in
// the other branch of an scf.if never conflict. Output as mlir-opt 22's, and
// the functions compute the same before and after on random inputs.
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries | FileCheck %s
// RUN: strata-opt %s --one-shot-bufferize | FileCheck %s --check-prefix=NOFB
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries --verify-equivalence --equivalence-trials=4 > /dev/null
// RUN: strata-opt %s --one-shot-bufferize --verify-equivalence --equivalence-trials=4 > /dev/null
// RUN: strata-opt %s --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries},convert-scf-to-cf)" --verify-equivalence --equivalence-trials=4 > /dev/null
// REQUIRES: mlir-opt
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries | %mlir-accepts > /dev/null

// The loop writes %a's buffer in place: %a is not read after the loop.
func.func @for_in_place(%a: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %a) -> (tensor<8xf32>) {
    %y = linalg.map { arith.addf } ins(%t, %t : tensor<8xf32>, tensor<8xf32>) outs(%t : tensor<8xf32>)
    scf.yield %y : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// %a is returned too: the loop starts from a copy.
func.func @for_copy(%a: tensor<8xf32>, %n: index) -> (tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %a) -> (tensor<8xf32>) {
    %y = linalg.map { arith.addf } ins(%t, %t : tensor<8xf32>, tensor<8xf32>) outs(%t : tensor<8xf32>)
    scf.yield %y : tensor<8xf32>
  }
  return %r, %a : tensor<8xf32>, tensor<8xf32>
}

// Two loop-carried tensors, one of them written element by element with
// tensor.insert at the induction variable; an index carried too.
func.func @for_insert(%a: tensor<8xi32>, %b: tensor<8xi32>) -> (tensor<8xi32>, tensor<8xi32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r:3 = scf.for %i = %c0 to %c8 step %c1 iter_args(%s = %a, %t = %b, %k = %c0) -> (tensor<8xi32>, tensor<8xi32>, index) {
    %x = tensor.extract %s[%i] : tensor<8xi32>
    %y = arith.muli %x, %x : i32
    %t2 = tensor.insert %y into %t[%i] : tensor<8xi32>
    %k2 = arith.addi %k, %i : index
    scf.yield %s, %t2, %k2 : tensor<8xi32>, tensor<8xi32>, index
  }
  return %r#0, %r#1, %r#2 : tensor<8xi32>, tensor<8xi32>, index
}

// A loop without iter_args reading a tensor defined outside.
func.func @for_read(%a: tensor<8xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %x = tensor.extract %a[%i] : tensor<8xf32>
    memref.store %x, %out[%i] : memref<8xf32>
  }
  return
}

// scf.if: one branch yields a new buffer, the other the argument, so the
// result has the fully dynamic layout (a cast in the first branch).
func.func @if_select(%c: i1, %a: tensor<8xf32>, %v: f32) -> tensor<8xf32> {
  %r = scf.if %c -> (tensor<8xf32>) {
    %e = tensor.empty() : tensor<8xf32>
    %f = linalg.fill ins(%v : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    scf.yield %f : tensor<8xf32>
  } else {
    scf.yield %a : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// scf.if inside scf.for: the branches write the iteration argument in place.
func.func @for_if(%a: tensor<6xi32>) -> tensor<6xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %c6 step %c1 iter_args(%t = %a) -> (tensor<6xi32>) {
    %m = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %m, %c0 : index
    %t2 = scf.if %even -> (tensor<6xi32>) {
      %u = tensor.insert %z into %t[%i] : tensor<6xi32>
      scf.yield %u : tensor<6xi32>
    } else {
      scf.yield %t : tensor<6xi32>
    }
    scf.yield %t2 : tensor<6xi32>
  }
  return %r : tensor<6xi32>
}
