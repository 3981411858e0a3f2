// memref.alloc with dynamic sizes, memref.copy between views of different
// layouts, memref.cast to and from dynamic shapes, memref.dim with a
// run-time index, memref.dealloc and an alloca in a loop: same outputs as
// the interpreter.
// RUN: strata-run %s --entry copies --random-inputs --seed 31 --print > %t.i
// RUN: strata-run %s --entry copies --random-inputs --seed 31 --print --target c > %t.c
// RUN: diff %t.i %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: strata-translate --mlir-to-c %s -o %t.src.c
// RUN: cc -O3 -Wall -Wextra -Werror -std=c11 -c %t.src.c -o %t.o
// RUN: FileCheck %s --input-file %t.src.c --check-prefix=SRC

// CHECK: tensor<3x4xf64> (memref<3x4xf64>)
// CHECK-NEXT: : f64
// CHECK-NEXT: 7 : index

func.func @copies(%src: memref<3x4xf64>, %which: index) -> (memref<3x4xf64>, f64, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %dyn = memref.cast %src : memref<3x4xf64> to memref<?x?xf64>
  %d0 = memref.dim %dyn, %c0 : memref<?x?xf64>
  %d1 = memref.dim %dyn, %c1 : memref<?x?xf64>
  %buf = memref.alloc(%d0, %d1) : memref<?x?xf64>
  memref.copy %dyn, %buf : memref<?x?xf64> to memref<?x?xf64>
  // Transposed copy through a strided view of a fresh buffer.
  // Heap buffers start on 64 bytes at least, or the op's larger alignment.
  // SRC: = (double *)strata_alloc((size_t)({{.*}}) * sizeof(double), 0);
  // SRC: = (double *)strata_alloc((size_t)({{.*}}) * sizeof(double), 128);
  %t = memref.alloc() {alignment = 128 : i64} : memref<4x3xf64>
  %tv = memref.reinterpret_cast %t to offset: [0], sizes: [3, 4], strides: [1, 3] : memref<4x3xf64> to memref<3x4xf64, strided<[1, 3]>>
  memref.copy %buf, %tv : memref<?x?xf64> to memref<3x4xf64, strided<[1, 3]>>
  %x = memref.load %t[%c3, %c2] : memref<4x3xf64>
  memref.dealloc %buf : memref<?x?xf64>
  // Accumulate with a scratch alloca per iteration.
  %acc = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %x) -> (f64) {
    %s = memref.alloca() : memref<1xf64>
    %v = memref.load %src[%i, %c1] : memref<3x4xf64>
    memref.store %v, %s[%c0] : memref<1xf64>
    %w = memref.load %s[%c0] : memref<1xf64>
    %n = arith.addf %a, %w : f64
    scf.yield %n : f64
  }
  %rank1 = arith.remui %which, %c2 : index
  %dim = memref.dim %dyn, %rank1 : memref<?x?xf64>
  %r = arith.addi %dim, %c3 : index
  %out = memref.cast %dyn : memref<?x?xf64> to memref<3x4xf64>
  memref.dealloc %t : memref<4x3xf64>
  return %out, %acc, %r : memref<3x4xf64>, f64, index
}
