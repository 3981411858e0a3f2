// The JIT on test/Target/C/cast-matrix.mlir: every arith cast between i1,
// i8, i16, i32, i64, index, f16, bf16, f32 and f64 (random inputs and edge
// values) prints exactly what the interpreter and the C target print, and
// --check compares every element with the interpreter's bit for bit.
// REQUIRES: llvm
// RUN: strata-run %S/../C/cast-matrix.mlir --entry int_casts --random-inputs --seed 3 --print > %t.int_casts.3.i
// RUN: strata-run %S/../C/cast-matrix.mlir --entry int_casts --random-inputs --seed 3 --print --target jit > %t.int_casts.3.j
// RUN: diff %t.int_casts.3.i %t.int_casts.3.j
// RUN: strata-run %S/../C/cast-matrix.mlir --entry int_casts --random-inputs --seed 4 --print > %t.int_casts.4.i
// RUN: strata-run %S/../C/cast-matrix.mlir --entry int_casts --random-inputs --seed 4 --print --target jit > %t.int_casts.4.j
// RUN: diff %t.int_casts.4.i %t.int_casts.4.j
// RUN: strata-run %S/../C/cast-matrix.mlir --entry int_to_float --random-inputs --seed 5 --print > %t.int_to_float.5.i
// RUN: strata-run %S/../C/cast-matrix.mlir --entry int_to_float --random-inputs --seed 5 --print --target jit > %t.int_to_float.5.j
// RUN: diff %t.int_to_float.5.i %t.int_to_float.5.j
// RUN: strata-run %S/../C/cast-matrix.mlir --entry int_to_float --random-inputs --seed 6 --print > %t.int_to_float.6.i
// RUN: strata-run %S/../C/cast-matrix.mlir --entry int_to_float --random-inputs --seed 6 --print --target jit > %t.int_to_float.6.j
// RUN: diff %t.int_to_float.6.i %t.int_to_float.6.j
// RUN: strata-run %S/../C/cast-matrix.mlir --entry float_to_int --random-inputs --seed 7 --print > %t.float_to_int.7.i
// RUN: strata-run %S/../C/cast-matrix.mlir --entry float_to_int --random-inputs --seed 7 --print --target jit > %t.float_to_int.7.j
// RUN: diff %t.float_to_int.7.i %t.float_to_int.7.j
// RUN: strata-run %S/../C/cast-matrix.mlir --entry float_to_int --random-inputs --seed 8 --print > %t.float_to_int.8.i
// RUN: strata-run %S/../C/cast-matrix.mlir --entry float_to_int --random-inputs --seed 8 --print --target jit > %t.float_to_int.8.j
// RUN: diff %t.float_to_int.8.i %t.float_to_int.8.j
// RUN: strata-run %S/../C/cast-matrix.mlir --entry float_casts --random-inputs --seed 9 --print > %t.float_casts.9.i
// RUN: strata-run %S/../C/cast-matrix.mlir --entry float_casts --random-inputs --seed 9 --print --target jit > %t.float_casts.9.j
// RUN: diff %t.float_casts.9.i %t.float_casts.9.j
// RUN: strata-run %S/../C/cast-matrix.mlir --entry float_casts --random-inputs --seed 10 --print > %t.float_casts.10.i
// RUN: strata-run %S/../C/cast-matrix.mlir --entry float_casts --random-inputs --seed 10 --print --target jit > %t.float_casts.10.j
// RUN: diff %t.float_casts.10.i %t.float_casts.10.j
// RUN: strata-run %S/../C/cast-matrix.mlir --entry int_casts --random-inputs --seed 3 --target jit --check | FileCheck %s
// CHECK: check: OK, {{[0-9]+}} elements bit-exact with the interpreter
