// test/Target/C/inverse-hyperbolic.mlir under the JIT: asinh, acosh, atanh
// and cbrt call the C library functions the interpreter calls (the JIT
// binds them to the interpreter's own), byte-identical with the
// interpreter and the C target.
// REQUIRES: llvm
// RUN: strata-run %S/../C/inverse-hyperbolic.mlir --entry hyp --random-inputs --seed 1 --output %t.i.a --output %t.i.o --output %t.i.p
// RUN: strata-run %S/../C/inverse-hyperbolic.mlir --entry hyp --random-inputs --seed 1 --output %t.j.a --output %t.j.o --output %t.j.p --target jit
// RUN: strata-run %S/../C/inverse-hyperbolic.mlir --entry hyp --random-inputs --seed 1 --output %t.c.a --output %t.c.o --output %t.c.p --target c
// RUN: cmp %t.i.o %t.j.o
// RUN: cmp %t.i.p %t.j.p
// RUN: cmp %t.c.o %t.j.o
// RUN: strata-run %S/../C/inverse-hyperbolic.mlir --entry hyp --random-inputs --seed 3 --print > %t.i3
// RUN: strata-run %S/../C/inverse-hyperbolic.mlir --entry hyp --random-inputs --seed 3 --print --target jit > %t.j3
// RUN: diff %t.i3 %t.j3
