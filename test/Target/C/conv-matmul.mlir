// The linalg kernels of test/Target/LLVM/conv-matmul.mlir (conv_2d in f32,
// the int8 conv accumulating in i32, a matmul and a reduction), lowered
// with convert-linalg-to-loops, compiled by the C back end and diffed with
// the interpreter on the linalg form, on seeded random inputs.
// RUN: strata-opt %S/../LLVM/conv-matmul.mlir --convert-linalg-to-loops --lower-affine -o %t.loops.mlir
// RUN: strata-run %S/../LLVM/conv-matmul.mlir --entry conv_f32 --random-inputs --seed 3 --print > %t.i1
// RUN: strata-run %t.loops.mlir --entry conv_f32 --random-inputs --seed 3 --print --target c > %t.c1
// RUN: diff %t.i1 %t.c1
// RUN: strata-run %S/../LLVM/conv-matmul.mlir --entry conv_i8 --random-inputs --seed 4 --output %t.i.x --output %t.i.w --output %t.i.o
// RUN: strata-run %t.loops.mlir --entry conv_i8 --random-inputs --seed 4 --output %t.c.x --output %t.c.w --output %t.c.o --target c
// RUN: cmp %t.i.o %t.c.o
// RUN: strata-run %S/../LLVM/conv-matmul.mlir --entry matmul --random-inputs --seed 5 --print > %t.i3
// RUN: strata-run %t.loops.mlir --entry matmul --random-inputs --seed 5 --print --target c > %t.c3
// RUN: diff %t.i3 %t.c3
// RUN: strata-run %S/../LLVM/conv-matmul.mlir --entry rowsum --random-inputs --seed 6 --print > %t.i4
// RUN: strata-run %t.loops.mlir --entry rowsum --random-inputs --seed 6 --print --target c > %t.c4
// RUN: diff %t.i4 %t.c4
// RUN: FileCheck %s --input-file %t.c1
// CHECK: : tensor<1x6x6x4xf32>
