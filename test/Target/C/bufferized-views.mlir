// View ops on --target c, diffed with the interpreter: memref.collapse_shape
// and expand_shape (of a subview with non-unit strides, and the error for
// expanded sizes that do not multiply to the dimension: the kernels of
// test/Target/LLVM/reshape.mlir), memref.transpose, and a tensor kernel
// whose tensor.collapse_shape/expand_shape become memref views under
// one-shot-bufferize, run through the documented pipeline.
// RUN: strata-run %S/../LLVM/reshape.mlir --entry reshape --random-inputs --seed 7 --print > %t.i1
// RUN: strata-run %S/../LLVM/reshape.mlir --entry reshape --random-inputs --seed 7 --print --target c > %t.c1
// RUN: diff %t.i1 %t.c1
// RUN: not strata-run %S/../LLVM/reshape.mlir --entry bad --input 5 --random-inputs 2> %t.ie
// RUN: not strata-run %S/../LLVM/reshape.mlir --entry bad --input 5 --random-inputs --target c 2> %t.ce
// RUN: diff %t.ie %t.ce
// RUN: strata-run %s --entry transpose --random-inputs --seed 8 --print > %t.i2
// RUN: strata-run %s --entry transpose --random-inputs --seed 8 --print --target c > %t.c2
// RUN: diff %t.i2 %t.c2
// RUN: strata-opt %S/Inputs/tensor-layer.mlir --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},convert-linalg-to-loops,lower-affine,convert-scf-to-cf)" -o %t.buf.mlir
// RUN: FileCheck %s --input-file %t.buf.mlir
// CHECK: memref.collapse_shape
// CHECK: memref.expand_shape
// RUN: strata-run %t.buf.mlir --entry layer --random-inputs --seed 9 --print > %t.i3
// RUN: strata-run %t.buf.mlir --entry layer --random-inputs --seed 9 --print --target c > %t.c3
// RUN: diff %t.i3 %t.c3
// The JIT runs the views too (test/Target/LLVM/reshape.mlir has the rest).
// RUN: %if llvm %{ strata-run %s --entry transpose --random-inputs --seed 8 --print --target jit > %t.j2 %}
// RUN: %if llvm %{ diff %t.i2 %t.j2 %}
// RUN: %if llvm %{ strata-run %t.buf.mlir --entry layer --random-inputs --seed 9 --print --target jit > %t.j3 %}
// RUN: %if llvm %{ diff %t.i3 %t.j3 %}

func.func @transpose(%a: memref<3x5xf32>, %o: memref<5x3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %t = memref.transpose %a (i, j) -> (j, i) : memref<3x5xf32> to memref<5x3xf32, strided<[1, 5]>>
  scf.for %i = %c0 to %c5 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %x = memref.load %t[%i, %j] : memref<5x3xf32, strided<[1, 5]>>
      %y = arith.mulf %x, %x : f32
      memref.store %y, %o[%i, %j] : memref<5x3xf32>
    }
  }
  return
}
