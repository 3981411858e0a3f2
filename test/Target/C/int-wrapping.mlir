// Integer arithmetic with MLIR's wrapping semantics in i8/i16/i32/i64 and
// odd widths (i1, i5, i33): add/sub/mul wrap, shifts saturate past the
// width, signed and unsigned division/remainder round as MLIR's, min/max
// and comparisons read the bits signed or unsigned. Bit-exact with the
// interpreter on random inputs (integers in [-8, 8]) and on chosen literals.
// RUN: strata-run %s --entry i8ops --random-inputs --seed 1 --print > %t.i1
// RUN: strata-run %s --entry i8ops --random-inputs --seed 1 --print --target c > %t.c1
// RUN: diff %t.i1 %t.c1
// RUN: strata-run %s --entry i8ops --input 127 --input=-128 --input 3 --print > %t.i2
// RUN: strata-run %s --entry i8ops --input 127 --input=-128 --input 3 --print --target c > %t.c2
// RUN: diff %t.i2 %t.c2
// RUN: FileCheck %s --input-file %t.c2
// RUN: strata-run %s --entry odd --random-inputs --seed 4 --print > %t.i3
// RUN: strata-run %s --entry odd --random-inputs --seed 4 --print --target c > %t.c3
// RUN: diff %t.i3 %t.c3
// RUN: strata-run %s --entry odd --input 15 --input=-1 --input 1 --input 4294967295 --print > %t.i4
// RUN: strata-run %s --entry odd --input 15 --input=-1 --input 1 --input 4294967295 --print --target c > %t.c4
// RUN: diff %t.i4 %t.c4
// RUN: strata-run %s --entry vec --random-inputs --seed 11 --print > %t.i5
// RUN: strata-run %s --entry vec --random-inputs --seed 11 --print --target c > %t.c5
// RUN: diff %t.i5 %t.c5
// RUN: not strata-run %s --entry i8ops --input 1 --input 0 --input 0 --target c 2>&1 | FileCheck %s --check-prefix=DIV
// Run-time errors render as the interpreter's, source line and caret included.
// RUN: not strata-run %s --entry i8ops --input 1 --input 0 --input 0 2> %t.ie
// RUN: not strata-run %s --entry i8ops --input 1 --input 0 --input 0 --target c 2> %t.ce
// RUN: diff %t.ie %t.ce
// RUN: strata-translate --mlir-to-c %s -o %t.src.c
// RUN: cc -O3 -Wall -Wextra -Werror -std=c11 -c %t.src.c -o %t.o

// 127 + -128, 127 - -128 (wraps), 127 * 127 (wraps), 127 << 3, -128 >>s 3, -128 >>u 3
// CHECK: -1 : i8
// CHECK-NEXT: -1 : i8
// CHECK-NEXT: 1 : i8
// CHECK-NEXT: -8 : i8
// CHECK-NEXT: -16 : i8
// CHECK-NEXT: 16 : i8
// DIV: int-wrapping.mlir:{{[0-9]+}}:{{[0-9]+}}: error: division by zero

func.func @i8ops(%a: i8, %b: i8, %s: i8) -> (i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i1, i1) {
  %add = arith.addi %a, %b : i8
  %sub = arith.subi %a, %b : i8
  %mul = arith.muli %a, %a : i8
  %shl = arith.shli %a, %s : i8
  %shrs = arith.shrsi %b, %s : i8
  %shru = arith.shrui %b, %s : i8
  %divs = arith.divsi %a, %b : i8
  %rems = arith.remsi %a, %b : i8
  %divu = arith.divui %a, %b : i8
  %remu = arith.remui %b, %a : i8
  %ceils = arith.ceildivsi %a, %b : i8
  %floors = arith.floordivsi %a, %b : i8
  %ceilu = arith.ceildivui %a, %b : i8
  %mins = arith.minsi %a, %b : i8
  %maxu = arith.maxui %a, %b : i8
  %x = arith.xori %a, %b : i8
  %o = arith.andi %add, %mul : i8
  %lt = arith.cmpi slt, %a, %b : i8
  %ult = arith.cmpi ult, %a, %b : i8
  return %add, %sub, %mul, %shl, %shrs, %shru, %divs, %rems, %divu, %remu, %ceils, %floors, %ceilu, %mins, %maxu, %x, %o, %lt, %ult : i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i1, i1
}

func.func @odd(%a: i5, %b: i5, %c: i1, %d: i33) -> (i5, i5, i5, i1, i33, i33, i33, i64, i16) {
  %m = arith.muli %a, %b : i5
  %s = arith.shrsi %a, %b : i5
  %sel = arith.select %c, %m, %s : i5
  %n = arith.addi %c, %c : i1
  %dd = arith.muli %d, %d : i33
  %e = arith.extsi %a : i5 to i33
  %f = arith.subi %e, %dd : i33
  %g = arith.extui %f : i33 to i64
  %h = arith.trunci %g : i64 to i16
  return %m, %s, %sel, %n, %dd, %e, %f, %g, %h : i5, i5, i5, i1, i33, i33, i33, i64, i16
}

// Wrapping int8 accumulation over a memref (a quantized dot product).
func.func @vec(%a: memref<64xi8>, %b: memref<64xi8>) -> (i8, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %z8 = arith.constant 0 : i8
  %z32 = arith.constant 0 : i32
  %r8, %r32 = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %z8, %wide = %z32) -> (i8, i32) {
    %x = memref.load %a[%i] : memref<64xi8>
    %y = memref.load %b[%i] : memref<64xi8>
    %p = arith.muli %x, %y : i8
    %q = arith.muli %p, %x : i8
    %s = arith.addi %acc, %q : i8
    %xw = arith.extsi %x : i8 to i32
    %yw = arith.extsi %y : i8 to i32
    %pw = arith.muli %xw, %yw : i32
    %w = arith.addi %wide, %pw : i32
    scf.yield %s, %w : i8, i32
  }
  return %r8, %r32 : i8, i32
}
