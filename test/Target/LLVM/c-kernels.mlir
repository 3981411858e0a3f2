// The JIT runs every kernel of the C back end's test suite (test/Target/C)
// and prints exactly what the interpreter prints, on seeded random inputs:
// casts, integer wrapping in i1..i64 and odd widths, control flow (cf and
// scf, switch, while, calls), copies and allocations, elementwise math,
// reductions and matmuls (scf and affine), views and globals, extended
// arithmetic and ipowi; run-time errors (division by zero, failed assert,
// out-of-bounds index, 0 ** negative) render exactly as the interpreter's.
// REQUIRES: llvm
// RUN: strata-run %S/../C/casts.mlir --entry casts --random-inputs --seed 6 --print > %t.i1
// RUN: strata-run %S/../C/casts.mlir --entry casts --random-inputs --seed 6 --print --target jit > %t.j1
// RUN: diff %t.i1 %t.j1
// RUN: strata-run %S/../C/casts.mlir --entry casts --random-inputs --seed 17 --print > %t.i2
// RUN: strata-run %S/../C/casts.mlir --entry casts --random-inputs --seed 17 --print --target jit > %t.j2
// RUN: diff %t.i2 %t.j2
// RUN: strata-run %S/../C/int-wrapping.mlir --entry i8ops --random-inputs --seed 1 --print > %t.i3
// RUN: strata-run %S/../C/int-wrapping.mlir --entry i8ops --random-inputs --seed 1 --print --target jit > %t.j3
// RUN: diff %t.i3 %t.j3
// RUN: strata-run %S/../C/int-wrapping.mlir --entry odd --random-inputs --seed 4 --print > %t.i4
// RUN: strata-run %S/../C/int-wrapping.mlir --entry odd --random-inputs --seed 4 --print --target jit > %t.j4
// RUN: diff %t.i4 %t.j4
// RUN: strata-run %S/../C/int-wrapping.mlir --entry vec --random-inputs --seed 11 --print > %t.i5
// RUN: strata-run %S/../C/int-wrapping.mlir --entry vec --random-inputs --seed 11 --print --target jit > %t.j5
// RUN: diff %t.i5 %t.j5
// A failed cf.assert stops both with the same rendered error.
// RUN: not strata-run %S/../C/control-flow.mlir --entry check --random-inputs --seed 1 --print 2> %t.i6
// RUN: not strata-run %S/../C/control-flow.mlir --entry check --random-inputs --seed 1 --print --target jit 2> %t.j6
// RUN: diff %t.i6 %t.j6
// RUN: strata-run %S/../C/control-flow.mlir --entry collatz --random-inputs --seed 1 --print > %t.i7
// RUN: strata-run %S/../C/control-flow.mlir --entry collatz --random-inputs --seed 1 --print --target jit > %t.j7
// RUN: diff %t.i7 %t.j7
// RUN: strata-run %S/../C/control-flow.mlir --entry main --random-inputs --seed 1 --print > %t.i8
// RUN: strata-run %S/../C/control-flow.mlir --entry main --random-inputs --seed 1 --print --target jit > %t.j8
// RUN: diff %t.i8 %t.j8
// RUN: strata-run %S/../C/control-flow.mlir --entry table --random-inputs --seed 1 --print > %t.i9
// RUN: strata-run %S/../C/control-flow.mlir --entry table --random-inputs --seed 1 --print --target jit > %t.j9
// RUN: diff %t.i9 %t.j9
// RUN: strata-run %S/../C/copy-alloc.mlir --entry copies --random-inputs --seed 1 --print > %t.i10
// RUN: strata-run %S/../C/copy-alloc.mlir --entry copies --random-inputs --seed 1 --print --target jit > %t.j10
// RUN: diff %t.i10 %t.j10
// RUN: strata-run %S/../C/elementwise.mlir --entry ew --random-inputs --seed 3 --print > %t.i11
// RUN: strata-run %S/../C/elementwise.mlir --entry ew --random-inputs --seed 3 --print --target jit > %t.j11
// RUN: diff %t.i11 %t.j11
// RUN: strata-run %S/../C/elementwise.mlir --entry ew --random-inputs --seed 8 --print > %t.i12
// RUN: strata-run %S/../C/elementwise.mlir --entry ew --random-inputs --seed 8 --print --target jit > %t.j12
// RUN: diff %t.i12 %t.j12
// RUN: strata-run %S/../C/reduction-matmul.mlir --entry sum --random-inputs --seed 5 --print > %t.i13
// RUN: strata-run %S/../C/reduction-matmul.mlir --entry sum --random-inputs --seed 5 --print --target jit > %t.j13
// RUN: diff %t.i13 %t.j13
// RUN: strata-run %S/../C/reduction-matmul.mlir --entry matmul --random-inputs --seed 9 --print > %t.i14
// RUN: strata-run %S/../C/reduction-matmul.mlir --entry matmul --random-inputs --seed 9 --print --target jit > %t.j14
// RUN: diff %t.i14 %t.j14
// RUN: strata-run %S/../C/reduction-matmul.mlir --entry dot_i32 --random-inputs --seed 2 --print > %t.i15
// RUN: strata-run %S/../C/reduction-matmul.mlir --entry dot_i32 --random-inputs --seed 2 --print --target jit > %t.j15
// RUN: diff %t.i15 %t.j15
// RUN: strata-run %S/../C/affine-matmul.mlir --entry matmul --random-inputs --seed 1 --print > %t.i16
// RUN: strata-run %S/../C/affine-matmul.mlir --entry matmul --random-inputs --seed 1 --print --target jit > %t.j16
// RUN: diff %t.i16 %t.j16
// RUN: strata-run %S/../../../examples/matmul/matmul_cf.mlir --entry matmul --random-inputs --seed 2 --print > %t.i17
// RUN: strata-run %S/../../../examples/matmul/matmul_cf.mlir --entry matmul --random-inputs --seed 2 --print --target jit > %t.j17
// RUN: diff %t.i17 %t.j17
// The affine form of the same matmul: the JIT runs lower-affine itself.
// RUN: strata-run %S/../../../examples/matmul/matmul_affine.mlir --entry matmul --random-inputs --seed 2 --print --target jit > %t.a17
// RUN: diff %t.i17 %t.a17
// RUN: strata-run %S/../C/repeat-time.mlir --entry acc --random-inputs --seed 1 --print > %t.i18
// RUN: strata-run %S/../C/repeat-time.mlir --entry acc --random-inputs --seed 1 --print --target jit > %t.j18
// RUN: diff %t.i18 %t.j18
// RUN: strata-run %S/../C/repeat-time.mlir --entry sum --random-inputs --seed 1 --print > %t.i19
// RUN: strata-run %S/../C/repeat-time.mlir --entry sum --random-inputs --seed 1 --print --target jit > %t.j19
// RUN: diff %t.i19 %t.j19
// RUN: strata-run %S/../C/casts.mlir --entry casts --input=-7 --input 1.0e10 --input=-2.5 --print > %t.ie1
// RUN: strata-run %S/../C/casts.mlir --entry casts --input=-7 --input 1.0e10 --input=-2.5 --print --jit > %t.je1
// RUN: diff %t.ie1 %t.je1
// RUN: strata-run %S/../C/casts.mlir --entry casts --input 100 --input nan --input=-inf --print > %t.ie2
// RUN: strata-run %S/../C/casts.mlir --entry casts --input 100 --input nan --input=-inf --print --jit > %t.je2
// RUN: diff %t.ie2 %t.je2
// RUN: strata-run %S/../C/int-wrapping.mlir --entry i8ops --input 127 --input=-128 --input 3 --print > %t.ie3
// RUN: strata-run %S/../C/int-wrapping.mlir --entry i8ops --input 127 --input=-128 --input 3 --print --jit > %t.je3
// RUN: diff %t.ie3 %t.je3
// RUN: strata-run %S/../C/int-wrapping.mlir --entry odd --input 15 --input=-1 --input 1 --input 4294967295 --print > %t.ie4
// RUN: strata-run %S/../C/int-wrapping.mlir --entry odd --input 15 --input=-1 --input 1 --input 4294967295 --print --jit > %t.je4
// RUN: diff %t.ie4 %t.je4
// RUN: strata-run %S/../C/views-parallel.mlir --entry views --random-inputs --seed 21 --print > %t.v1
// RUN: strata-run %S/../C/views-parallel.mlir --entry views --random-inputs --seed 21 --print --jit > %t.w1
// RUN: diff %t.v1 %t.w1
// RUN: strata-run %S/../C/views-parallel.mlir --entry par --random-inputs --seed 22 --print > %t.v2
// RUN: strata-run %S/../C/views-parallel.mlir --entry par --random-inputs --seed 22 --print --jit > %t.w2
// RUN: diff %t.v2 %t.w2
// RUN: strata-run %S/../C/extended.mlir --entry ext --input=-1 --input=-3 --input=-7 --input=5 --print > %t.x1
// RUN: strata-run %S/../C/extended.mlir --entry ext --input=-1 --input=-3 --input=-7 --input=5 --print --jit > %t.y1
// RUN: diff %t.x1 %t.y1
// RUN: strata-run %S/../C/extended.mlir --entry ext --input=9223372036854775807 --input=2 --input=127 --input=127 --print > %t.x2
// RUN: strata-run %S/../C/extended.mlir --entry ext --input=9223372036854775807 --input=2 --input=127 --input=127 --print --jit > %t.y2
// RUN: diff %t.x2 %t.y2
// RUN: strata-run %S/../C/extended.mlir --entry ext --random-inputs --seed 3 --print > %t.x3
// RUN: strata-run %S/../C/extended.mlir --entry ext --random-inputs --seed 3 --print --jit > %t.y3
// RUN: diff %t.x3 %t.y3
// RUN: not strata-run %S/../C/extended.mlir --entry ext --input=5 --input=6 --input=0 --input=-2 2> %t.xe
// RUN: not strata-run %S/../C/extended.mlir --entry ext --input=5 --input=6 --input=0 --input=-2 --jit 2> %t.ye
// RUN: diff %t.xe %t.ye
// RUN: FileCheck %s --input-file %t.ye --check-prefix=IPOWI
// IPOWI: error: 'math.ipowi' is undefined for [Int(0, {{[0-9]+}}), Int({{[0-9]+}}, {{[0-9]+}})]
// RUN: not strata-run %S/../C/bounds.mlir --entry oob --random-inputs --seed 2 2> %t.be
// RUN: not strata-run %S/../C/bounds.mlir --entry oob --random-inputs --seed 2 --jit 2> %t.bj
// RUN: diff %t.be %t.bj
// RUN: not strata-run %S/../C/repeat-time.mlir --entry past_view --random-inputs --seed 1 2> %t.pe
// RUN: not strata-run %S/../C/repeat-time.mlir --entry past_view --random-inputs --seed 1 --jit 2> %t.pj
// RUN: diff %t.pe %t.pj
// RUN: FileCheck %s --input-file %t.pj --check-prefix=OOB
// OOB: error: out-of-bounds access at [5] of a memref of shape [4]
// Division by zero stops with the interpreter's rendered error.
// RUN: not strata-run %S/../C/int-wrapping.mlir --entry i8ops --input 1 --input 0 --input 0 2> %t.ierr
// RUN: not strata-run %S/../C/int-wrapping.mlir --entry i8ops --input 1 --input 0 --input 0 --jit 2> %t.jerr
// RUN: diff %t.ierr %t.jerr
// RUN: FileCheck %s --input-file %t.jerr
// CHECK: int-wrapping.mlir:{{[0-9]+}}:{{[0-9]+}}: error: division by zero
