// Integer kernels give byte-identical .npy outputs on the C target and the
// JIT (and the interpreter): an int8 matmul accumulating in i8 (wrapping
// on every step), one accumulating in i32 and requantized back to i8
// (arithmetic shift, clamp, truncation), and the int8 convolution of
// conv-matmul.mlir after convert-linalg-to-loops. Same seeded inputs.
// REQUIRES: llvm
// RUN: strata-run %s --entry mm_wrap --random-inputs --seed 21 --output %t.c.a --output %t.c.b --output %t.c.c --target c
// RUN: strata-run %s --entry mm_wrap --random-inputs --seed 21 --output %t.j.a --output %t.j.b --output %t.j.c --target jit
// RUN: strata-run %s --entry mm_wrap --random-inputs --seed 21 --output %t.i.a --output %t.i.b --output %t.i.c
// RUN: cmp %t.c.c %t.j.c
// RUN: cmp %t.i.c %t.j.c
// RUN: strata-run %s --entry mm_requant --random-inputs --seed 22 --output %t.c.r --target c
// RUN: strata-run %s --entry mm_requant --random-inputs --seed 22 --output %t.j.r --target jit
// RUN: strata-run %s --entry mm_requant --random-inputs --seed 22 --output %t.i.r
// RUN: cmp %t.c.r %t.j.r
// RUN: cmp %t.i.r %t.j.r
// RUN: strata-opt %S/conv-matmul.mlir --convert-linalg-to-loops --lower-affine -o %t.loops.mlir
// RUN: strata-run %t.loops.mlir --entry conv_i8 --random-inputs --seed 23 --output %t.c.x --output %t.c.w --output %t.c.o --target c
// RUN: strata-run %t.loops.mlir --entry conv_i8 --random-inputs --seed 23 --output %t.j.x --output %t.j.w --output %t.j.o --target jit
// RUN: cmp %t.c.o %t.j.o
// The outputs are not trivially equal: on the same a and b the wrapped
// accumulation differs from the widened one, and the result is not all
// zeros.
// RUN: strata-run %s --entry mm_wrap --random-inputs --seed 21 --output %t.w.a.npy --output %t.w.b.npy --output %t.w.c.npy --target jit
// RUN: strata-run %s --entry mm_requant --input %t.w.a.npy --input %t.w.b.npy --output %t.same.r --target jit
// RUN: not cmp %t.w.c.npy %t.same.r
// RUN: strata-run %s --entry mm_wrap --random-inputs --seed 21 --print --target jit | FileCheck %s
// CHECK: : tensor<8x8xi8> (memref<8x8xi8>)
// CHECK-NOT: dense<0> : tensor<8x8xi8> (memref<8x8xi8>)

func.func @mm_wrap(%a: memref<8x16xi8>, %b: memref<16x8xi8>, %c: memref<8x8xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %z = arith.constant 0 : i8
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %acc = scf.for %k = %c0 to %c16 step %c1 iter_args(%s = %z) -> (i8) {
        %x = memref.load %a[%i, %k] : memref<8x16xi8>
        %y = memref.load %b[%k, %j] : memref<16x8xi8>
        %p = arith.muli %x, %y : i8
        %n = arith.addi %s, %p : i8
        scf.yield %n : i8
      }
      memref.store %acc, %c[%i, %j] : memref<8x8xi8>
    }
  }
  return
}

func.func @mm_requant(%a: memref<8x16xi8>, %b: memref<16x8xi8>) -> memref<8x8xi8> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %z = arith.constant 0 : i32
  %sh = arith.constant 2 : i32
  %lo = arith.constant -128 : i32
  %hi = arith.constant 127 : i32
  %out = memref.alloc() : memref<8x8xi8>
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %acc = scf.for %k = %c0 to %c16 step %c1 iter_args(%s = %z) -> (i32) {
        %x = memref.load %a[%i, %k] : memref<8x16xi8>
        %y = memref.load %b[%k, %j] : memref<16x8xi8>
        %xw = arith.extsi %x : i8 to i32
        %yw = arith.extsi %y : i8 to i32
        %p = arith.muli %xw, %yw : i32
        %n = arith.addi %s, %p : i32
        scf.yield %n : i32
      }
      %q = arith.shrsi %acc, %sh : i32
      %q1 = arith.maxsi %q, %lo : i32
      %q2 = arith.minsi %q1, %hi : i32
      %t = arith.trunci %q2 : i32 to i8
      memref.store %t, %out[%i, %j] : memref<8x8xi8>
    }
  }
  return %out : memref<8x8xi8>
}
