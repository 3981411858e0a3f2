// Linalg kernels lowered to loops (convert-linalg-to-loops), then run by the
// JIT: 2-D convolutions (NHWC/HWCF) in f32 and in int8 accumulating into
// i32, a matmul and a row reduction. The JIT runs the lowered loops, the
// interpreter the original linalg ops, on the same seeded random inputs:
// the printed results are identical.
// REQUIRES: llvm
// RUN: strata-opt %s --convert-linalg-to-loops -o %t.loops.mlir
// RUN: strata-run %s --entry conv_f32 --random-inputs --seed 3 --print > %t.i1
// RUN: strata-run %t.loops.mlir --entry conv_f32 --random-inputs --seed 3 --print --target jit > %t.j1
// RUN: diff %t.i1 %t.j1
// RUN: strata-run %s --entry conv_i8 --random-inputs --seed 4 --print > %t.i2
// RUN: strata-run %t.loops.mlir --entry conv_i8 --random-inputs --seed 4 --print --target jit > %t.j2
// RUN: diff %t.i2 %t.j2
// RUN: strata-run %s --entry matmul --random-inputs --seed 5 --print > %t.i3
// RUN: strata-run %t.loops.mlir --entry matmul --random-inputs --seed 5 --print --target jit > %t.j3
// RUN: diff %t.i3 %t.j3
// RUN: strata-run %s --entry rowsum --random-inputs --seed 6 --print > %t.i4
// RUN: strata-run %t.loops.mlir --entry rowsum --random-inputs --seed 6 --print --target jit > %t.j4
// RUN: diff %t.i4 %t.j4
// RUN: FileCheck %s --input-file %t.j2
// --check runs the interpreter in the same process on the same arguments.
// RUN: strata-run %t.loops.mlir --entry conv_f32 --random-inputs --seed 7 --jit --check | FileCheck %s --check-prefix=CHECKED
// RUN: strata-run %t.loops.mlir --entry conv_i8 --random-inputs --seed 8 --jit --check | FileCheck %s --check-prefix=CHECKED
// CHECKED: check: OK, {{[0-9]+}} elements bit-exact with the interpreter
// CHECK: dense<{{.*}}> : tensor<1x6x6x4xi32> (memref<1x6x6x4xi32>)

func.func @conv_f32(%in: memref<1x8x8x3xf32>, %w: memref<3x3x3x4xf32>, %out: memref<1x6x6x4xf32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%in, %w : memref<1x8x8x3xf32>, memref<3x3x3x4xf32>) outs(%out : memref<1x6x6x4xf32>)
  return
}

func.func @conv_i8(%in: memref<1x8x8x3xi8>, %w: memref<3x3x3x4xi8>, %out: memref<1x6x6x4xi32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%in, %w : memref<1x8x8x3xi8>, memref<3x3x3x4xi8>) outs(%out : memref<1x6x6x4xi32>)
  return
}

func.func @matmul(%a: memref<16x12xf32>, %b: memref<12x10xf32>, %c: memref<16x10xf32>) {
  linalg.matmul ins(%a, %b : memref<16x12xf32>, memref<12x10xf32>) outs(%c : memref<16x10xf32>)
  return
}

func.func @rowsum(%a: memref<7x9xf64>, %s: memref<7xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<7x9xf64>) outs(%s : memref<7xf64>) {
  ^bb0(%x: f64, %acc: f64):
    %y = arith.mulf %x, %x : f64
    %r = arith.addf %acc, %y : f64
    linalg.yield %r : f64
  }
  return
}
