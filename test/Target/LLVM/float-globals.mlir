// The float memref.globals of test/Target/C/float-globals.mlir under the
// JIT: the same bytes as the interpreter and the C target (the LLVM global
// and the C array are built from one decoding, strata_lowering_to_c::global_data).
// REQUIRES: llvm
// RUN: strata-run %S/../C/float-globals.mlir --entry globals --random-inputs --seed 5 --output %t.i.x --output %t.i.y --output %t.i.o --output %t.i.p
// RUN: strata-run %S/../C/float-globals.mlir --entry globals --random-inputs --seed 5 --output %t.j.x --output %t.j.y --output %t.j.o --output %t.j.p --target jit
// RUN: strata-run %S/../C/float-globals.mlir --entry globals --random-inputs --seed 5 --output %t.c.x --output %t.c.y --output %t.c.o --output %t.c.p --target c
// RUN: cmp %t.i.o %t.j.o
// RUN: cmp %t.i.p %t.j.p
// RUN: cmp %t.c.p %t.j.p
// RUN: strata-run %S/../C/float-globals.mlir --entry bits --random-inputs --print > %t.i.bits
// RUN: strata-run %S/../C/float-globals.mlir --entry bits --random-inputs --print --target jit > %t.j.bits
// RUN: diff %t.i.bits %t.j.bits
// RUN: strata-opt --convert-scf-to-cf %S/../C/float-globals.mlir | strata-translate --mlir-to-llvmir | FileCheck %s
// CHECK: @strata_global_f32s = internal constant [8 x i32] [i32 1069547520, i32 -2147483648, i32 1, i32 2139095040, i32 -8388608, i32 2143289345, i32 -2097152, i32 8388608]
// CHECK: @strata_global_zeros = internal global [4 x i32] zeroinitializer
