// Blocks and branches (labels + goto with block arguments), switches,
// recursion and calls (a function returning several values goes through
// out-pointers), scf.if / scf.while, a memref allocated by the callee and
// returned, and failing assertions located at the op.
// RUN: strata-run %s --entry main --print > %t.i1
// RUN: strata-run %s --entry main --print --target c > %t.c1
// RUN: diff %t.i1 %t.c1
// RUN: FileCheck %s --input-file %t.c1
// RUN: strata-run %s --entry collatz --input 27 --print > %t.i2
// RUN: strata-run %s --entry collatz --input 27 --print --target c > %t.c2
// RUN: diff %t.i2 %t.c2
// RUN: strata-run %s --entry table --input 5 --print > %t.i3
// RUN: strata-run %s --entry table --input 5 --print --target c > %t.c3
// RUN: diff %t.i3 %t.c3
// RUN: not strata-run %s --entry check --input 3 --target c 2>&1 | FileCheck %s --check-prefix=ASSERT
// RUN: strata-translate --mlir-to-c %s -o %t.src.c
// RUN: cc -O3 -Wall -Wextra -Werror -std=c11 -c %t.src.c -o %t.o

// CHECK: 3628800 : i64
// CHECK-NEXT: 55 : i32
// CHECK-NEXT: 20 : i32
// CHECK-NEXT: -1 : i32
// CHECK-NEXT: 7 : i32
// ASSERT: control-flow.mlir:{{[0-9]+}}:{{[0-9]+}}: error: assertion failed: must be even

func.func @fact(%n: i64) -> i64 {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i64
  %is0 = arith.cmpi sle, %n, %c0 : i64
  cf.cond_br %is0, ^base, ^rec
^base:
  return %c1 : i64
^rec:
  %m = arith.subi %n, %c1 : i64
  %r = func.call @fact(%m) : (i64) -> i64
  %p = arith.muli %n, %r : i64
  return %p : i64
}

// Sum 1..n and count with block arguments.
func.func @sum_to(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^loop(%c1, %c0, %c0 : i32, i32, i32)
^loop(%i: i32, %acc: i32, %cnt: i32):
  %done = arith.cmpi sgt, %i, %n : i32
  cf.cond_br %done, ^exit(%acc, %cnt : i32, i32), ^body
^body:
  %a = arith.addi %acc, %i : i32
  %i1 = arith.addi %i, %c1 : i32
  %c = arith.addi %cnt, %c1 : i32
  // Swapped arguments exercise the parallel copy.
  cf.br ^loop(%i1, %a, %c : i32, i32, i32)
^exit(%r: i32, %k: i32):
  return %r, %k : i32, i32
}

func.func @classify(%x: i32) -> i32 {
  cf.switch %x : i32, [
    default: ^other,
    0: ^zero,
    10: ^ten
  ]
^zero:
  %a = arith.constant 100 : i32
  return %a : i32
^ten:
  %b = arith.constant 7 : i32
  return %b : i32
^other:
  %c = arith.constant -1 : i32
  return %c : i32
}

func.func @main() -> (i64, i32, i32, i32, i32) {
  %c10 = arith.constant 10 : i64
  %f = func.call @fact(%c10) : (i64) -> i64
  %n = arith.constant 10 : i32
  %s, %k = func.call @sum_to(%n) : (i32) -> (i32, i32)
  %w = arith.addi %k, %k : i32
  %x = func.call @classify(%s) : (i32) -> i32
  %y = func.call @classify(%n) : (i32) -> i32
  return %f, %s, %w, %x, %y : i64, i32, i32, i32, i32
}

func.func @collatz(%n: i64) -> (i64, i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %r:3 = scf.while (%x = %n, %steps = %c0, %peak = %n) : (i64, i64, i64) -> (i64, i64, i64) {
    %go = arith.cmpi ne, %x, %c1 : i64
    scf.condition(%go) %x, %steps, %peak : i64, i64, i64
  } do {
  ^bb0(%x: i64, %steps: i64, %peak: i64):
    %rem = arith.remui %x, %c2 : i64
    %even = arith.cmpi eq, %rem, %c0 : i64
    %next = scf.if %even -> (i64) {
      %h = arith.divui %x, %c2 : i64
      scf.yield %h : i64
    } else {
      %t = arith.muli %x, %c3 : i64
      %t1 = arith.addi %t, %c1 : i64
      scf.yield %t1 : i64
    }
    %s1 = arith.addi %steps, %c1 : i64
    %p = arith.maxui %peak, %next : i64
    scf.yield %next, %s1, %p : i64, i64, i64
  }
  return %r#1, %r#2 : i64, i64
}

// A callee allocates and fills a memref the caller returns.
func.func @make(%n: index) -> memref<?x3xi16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %m = memref.alloc(%n) : memref<?x3xi16>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %p = arith.muli %i, %j : index
      %v = arith.index_cast %p : index to i16
      memref.store %v, %m[%i, %j] : memref<?x3xi16>
    }
  }
  return %m : memref<?x3xi16>
}

func.func @table(%n: index) -> (memref<?x3xi16>, index) {
  %m = func.call @make(%n) : (index) -> memref<?x3xi16>
  %c0 = arith.constant 0 : index
  %d = memref.dim %m, %c0 : memref<?x3xi16>
  %t = memref.alloca() : memref<2xi16>
  return %m, %d : memref<?x3xi16>, index
}

func.func @check(%x: i32) {
  %c2 = arith.constant 2 : i32
  %c0 = arith.constant 0 : i32
  %r = arith.remsi %x, %c2 : i32
  %even = arith.cmpi eq, %r, %c0 : i32
  cf.assert %even, "must be even"
  return
}
