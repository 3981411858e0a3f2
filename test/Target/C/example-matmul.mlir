// The 64x64x64 f32 matmul of examples/matmul in its cf form, compiled to C:
// the same bits as the interpreter.
// RUN: strata-run %S/../../../examples/matmul/matmul_cf.mlir --entry matmul --random-inputs --seed 2 --print > %t.i
// RUN: strata-run %S/../../../examples/matmul/matmul_cf.mlir --entry matmul --random-inputs --seed 2 --print --target c > %t.c
// RUN: diff %t.i %t.c
// RUN: FileCheck %s --input-file %t.c
// And its affine form after lower-affine.
// RUN: strata-opt --lower-affine %S/../../../examples/matmul/matmul_affine.mlir | strata-run - --entry matmul --random-inputs --seed 2 --print --target c > %t.a
// RUN: diff %t.i %t.a

// CHECK: tensor<64x64xf32> (memref<64x64xf32>)
