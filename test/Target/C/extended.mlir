// Extended arithmetic (addui_extended carry, mului/mulsi_extended high
// halves in 128 bits) and math.ipowi (wrapping; 0 to a negative power is the
// interpreter's located error): C and interpreter agree.
// RUN: strata-run %s --entry ext --input=-1 --input=-3 --input=-7 --input=5 --print > %t.i1
// RUN: strata-run %s --entry ext --input=-1 --input=-3 --input=-7 --input=5 --print --target c > %t.c1
// RUN: diff %t.i1 %t.c1
// RUN: FileCheck %s --input-file %t.c1
// RUN: strata-run %s --entry ext --input=9223372036854775807 --input=2 --input=127 --input=127 --print > %t.i2
// RUN: strata-run %s --entry ext --input=9223372036854775807 --input=2 --input=127 --input=127 --print --target c > %t.c2
// RUN: diff %t.i2 %t.c2
// RUN: strata-run %s --entry ext --random-inputs --seed 3 --print > %t.i3
// RUN: strata-run %s --entry ext --random-inputs --seed 3 --print --target c > %t.c3
// RUN: diff %t.i3 %t.c3
// RUN: not strata-run %s --entry ext --input=5 --input=6 --input=0 --input=-2 2> %t.ie
// RUN: not strata-run %s --entry ext --input=5 --input=6 --input=0 --input=-2 --target c 2> %t.ce
// RUN: diff %t.ie %t.ce
// RUN: strata-translate --mlir-to-c %s -o %t.src.c
// RUN: cc -O3 -Wall -Wextra -Werror -std=c11 -c %t.src.c -o %t.o

// -1 + -3 carries; (2^64-1)(2^64-3) = 2^128 - 2^66 + 3; (-1)(-3) = 3
// CHECK: -4 : i64
// CHECK-NEXT: true
// CHECK-NEXT: 3 : i64
// CHECK-NEXT: -4 : i64
// CHECK-NEXT: 3 : i64
// CHECK-NEXT: 0 : i64

func.func @ext(%a: i64, %b: i64, %c: i8, %d: i8) -> (i64, i1, i64, i64, i64, i64, i8, i8, i8, i8, i8, i32) {
  %s, %o = arith.addui_extended %a, %b : i64, i1
  %l, %h = arith.mului_extended %a, %b : i64
  %sl, %sh = arith.mulsi_extended %a, %b : i64
  %l8, %h8 = arith.mulsi_extended %c, %d : i8
  %ul8, %uh8 = arith.mului_extended %c, %d : i8
  %p = math.ipowi %c, %d : i8
  %c3 = arith.constant 3 : i32
  %c7 = arith.constant 7 : i32
  %q = math.ipowi %c3, %c7 : i32
  return %s, %o, %l, %h, %sl, %sh, %l8, %h8, %ul8, %uh8, %p, %q : i64, i1, i64, i64, i64, i64, i8, i8, i8, i8, i8, i32
}
