// one-shot-bufferize of scf.forall: shared outputs become buffers (the
// output's own when the loop may write it in place, else a copy in a new
// allocation), each tensor.parallel_insert_slice a memref.subview of the
// shared buffer and a memref.copy into it before the emptied
// scf.forall.in_parallel. Output equal to mlir-opt 22's; the interpreter
// runs each function before and after on random inputs, also through
// scf-forall-to-parallel and convert-scf-to-cf.
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries | FileCheck %s
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries --verify-equivalence=copy_rows --equivalence-trials=5 > /dev/null
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries --verify-equivalence=fill_tiles --equivalence-trials=5 > /dev/null
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries --verify-equivalence=reads_output_after --equivalence-trials=5 > /dev/null
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries --verify-equivalence=in_loop --equivalence-trials=5 > /dev/null
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries --verify-equivalence=empty_out --equivalence-trials=5 > /dev/null
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries --scf-forall-to-parallel --convert-scf-to-cf --verify-equivalence=in_loop --equivalence-trials=5 > /dev/null
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries --scf-forall-to-for --verify-equivalence=empty_out --equivalence-trials=5 > /dev/null
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --one-shot-bufferize=bufferize-function-boundaries | FileCheck %s

// CHECK: module {
// CHECK-LABEL: func.func @copy_rows(%arg0: memref<4x6xf32, strided<[?, ?], offset: ?>>, %arg1: memref<4x6xf32, strided<[?, ?], offset: ?>>) -> memref<4x6xf32, strided<[?, ?], offset: ?>> {
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: scf.forall (%arg2, %arg3) in (4, 3) {
// CHECK-NEXT: %0 = arith.muli %arg3, %c2 : index
// CHECK-NEXT: %subview = memref.subview %arg0[%arg2, %0] [1, 2] [1, 1] : memref<4x6xf32, strided<[?, ?], offset: ?>> to memref<1x2xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %subview_0 = memref.subview %arg1[%arg2, %0] [1, 2] [1, 1] : memref<4x6xf32, strided<[?, ?], offset: ?>> to memref<1x2xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: memref.copy %subview, %subview_0 : memref<1x2xf32, strided<[?, ?], offset: ?>> to memref<1x2xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: return %arg1 : memref<4x6xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @fill_tiles(%arg0: memref<8x8xf32, strided<[?, ?], offset: ?>>, %arg1: f32) -> memref<8x8xf32, strided<[?, ?], offset: ?>> {
// CHECK-NEXT: scf.forall (%arg2) = (0) to (8) step (4) {
// CHECK-NEXT: %subview = memref.subview %arg0[%arg2, 0] [4, 8] [1, 1] : memref<8x8xf32, strided<[?, ?], offset: ?>> to memref<4x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: linalg.fill ins(%arg1 : f32) outs(%subview : memref<4x8xf32, strided<[?, ?], offset: ?>>)
// CHECK-NEXT: %subview_0 = memref.subview %arg0[%arg2, 0] [4, 8] [1, 1] : memref<8x8xf32, strided<[?, ?], offset: ?>> to memref<4x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: memref.copy %subview, %subview_0 : memref<4x8xf32, strided<[?, ?], offset: ?>> to memref<4x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: return %arg0 : memref<8x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @reads_output_after(%arg0: memref<4xf32, strided<[?], offset: ?>>, %arg1: memref<1xf32, strided<[?], offset: ?>>) -> (memref<4xf32>, memref<4xf32, strided<[?], offset: ?>>) {
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: memref.copy %arg0, %alloc : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32>
// CHECK-NEXT: scf.forall (%arg2) in (2) {
// CHECK-NEXT: %subview = memref.subview %alloc[%arg2] [1] [1] : memref<4xf32> to memref<1xf32, strided<[1], offset: ?>>
// CHECK-NEXT: memref.copy %arg1, %subview : memref<1xf32, strided<[?], offset: ?>> to memref<1xf32, strided<[1], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: %cast = memref.cast %alloc : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT: return %alloc, %arg0 : memref<4xf32>, memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @in_loop(%arg0: memref<6xf32, strided<[?], offset: ?>>, %arg1: memref<2xf32, strided<[?], offset: ?>>, %arg2: index) -> memref<6xf32, strided<[?], offset: ?>> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = scf.for %arg3 = %c0 to %arg2 step %c1 iter_args(%arg4 = %arg0) -> (memref<6xf32, strided<[?], offset: ?>>) {
// CHECK-NEXT: scf.forall (%arg5) in (3) {
// CHECK-NEXT: %1 = arith.muli %arg5, %arg5 : index
// CHECK-NEXT: %subview = memref.subview %arg4[%1] [2] [1] : memref<6xf32, strided<[?], offset: ?>> to memref<2xf32, strided<[?], offset: ?>>
// CHECK-NEXT: linalg.add ins(%subview, %arg1 : memref<2xf32, strided<[?], offset: ?>>, memref<2xf32, strided<[?], offset: ?>>) outs(%subview : memref<2xf32, strided<[?], offset: ?>>)
// CHECK-NEXT: %subview_0 = memref.subview %arg4[%1] [2] [1] : memref<6xf32, strided<[?], offset: ?>> to memref<2xf32, strided<[?], offset: ?>>
// CHECK-NEXT: memref.copy %subview, %subview_0 : memref<2xf32, strided<[?], offset: ?>> to memref<2xf32, strided<[?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %arg4 : memref<6xf32, strided<[?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : memref<6xf32, strided<[?], offset: ?>>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @empty_out(%arg0: memref<?x4xf32, strided<[?, ?], offset: ?>>) -> memref<?x4xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x4xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x4xf32>
// CHECK-NEXT: scf.forall (%arg1) in (%dim) {
// CHECK-NEXT: %subview = memref.subview %arg0[%arg1, 0] [1, 4] [1, 1] : memref<?x4xf32, strided<[?, ?], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: linalg.mul ins(%subview, %subview : memref<4xf32, strided<[?], offset: ?>>, memref<4xf32, strided<[?], offset: ?>>) outs(%alloc_0 : memref<4xf32>)
// CHECK-NEXT: %subview_1 = memref.subview %alloc[%arg1, 0] [1, 4] [1, 1] : memref<?x4xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: memref.copy %alloc_0, %subview_1 : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: %cast = memref.cast %alloc : memref<?x4xf32> to memref<?x4xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: return %alloc : memref<?x4xf32>
// CHECK-NEXT: }

func.func @copy_rows(%in: tensor<4x6xf32>, %out: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %c2 = arith.constant 2 : index
  %r = scf.forall (%i, %j) in (4, 3) shared_outs(%o = %out) -> (tensor<4x6xf32>) {
    %off = arith.muli %j, %c2 : index
    %s = tensor.extract_slice %in[%i, %off] [1, 2] [1, 1] : tensor<4x6xf32> to tensor<1x2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, %off] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<4x6xf32>
    }
  }
  return %r : tensor<4x6xf32>
}
func.func @fill_tiles(%out: tensor<8x8xf32>, %v: f32) -> tensor<8x8xf32> {
  %r = scf.forall (%i) = (0) to (8) step (4) shared_outs(%o = %out) -> (tensor<8x8xf32>) {
    %s = tensor.extract_slice %o[%i, 0] [4, 8] [1, 1] : tensor<8x8xf32> to tensor<4x8xf32>
    %f = linalg.fill ins(%v : f32) outs(%s : tensor<4x8xf32>) -> tensor<4x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %f into %o[%i, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<8x8xf32>
    }
  }
  return %r : tensor<8x8xf32>
}
func.func @reads_output_after(%out: tensor<4xf32>, %x: tensor<1xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = scf.forall (%i) in (2) shared_outs(%o = %out) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return %r, %out : tensor<4xf32>, tensor<4xf32>
}

func.func @in_loop(%out: tensor<6xf32>, %x: tensor<2xf32>, %n: index) -> tensor<6xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %out) -> (tensor<6xf32>) {
    %f = scf.forall (%i) in (3) shared_outs(%o = %acc) -> (tensor<6xf32>) {
      %off = arith.muli %i, %i : index
      %cur = tensor.extract_slice %o[%off] [2] [1] : tensor<6xf32> to tensor<2xf32>
      %s = linalg.add ins(%cur, %x : tensor<2xf32>, tensor<2xf32>) outs(%cur : tensor<2xf32>) -> tensor<2xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %s into %o[%off] [2] [1] : tensor<2xf32> into tensor<6xf32>
      }
    }
    scf.yield %f : tensor<6xf32>
  }
  return %r : tensor<6xf32>
}

func.func @empty_out(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %a, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%d) : tensor<?x4xf32>
  %r = scf.forall (%i) in (%d) shared_outs(%o = %e) -> (tensor<?x4xf32>) {
    %row = tensor.extract_slice %a[%i, 0] [1, 4] [1, 1] : tensor<?x4xf32> to tensor<4xf32>
    %t = tensor.empty() : tensor<4xf32>
    %sq = linalg.mul ins(%row, %row : tensor<4xf32>, tensor<4xf32>) outs(%t : tensor<4xf32>) -> tensor<4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %sq into %o[%i, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<?x4xf32>
    }
  }
  return %r : tensor<?x4xf32>
}
