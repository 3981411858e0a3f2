// The C back end computes what the interpreter computes over the whole
// range of each type (strata-run --random-range full: integer edges and
// random bit patterns, float infinities, NaN, subnormals and extremes):
// wrapping addition and multiplication, shifts by any amount, signed and
// unsigned min/max, IEEE float arithmetic and comparisons with NaN,
// saturating float-to-int casts, truncation. Three seeds per function.
// RUN: strata-run %s --entry ints --random-inputs --random-range full --seed 1 --print > %t.i1
// RUN: strata-run %s --entry ints --random-inputs --random-range full --seed 1 --print --target c > %t.c1
// RUN: diff %t.i1 %t.c1
// RUN: strata-run %s --entry ints --random-inputs --random-range full --seed 2 --print > %t.i2
// RUN: strata-run %s --entry ints --random-inputs --random-range full --seed 2 --print --target c > %t.c2
// RUN: diff %t.i2 %t.c2
// RUN: strata-run %s --entry floats --random-inputs --random-range full --seed 1 --print > %t.i3
// RUN: strata-run %s --entry floats --random-inputs --random-range full --seed 1 --print --target c > %t.c3
// RUN: diff %t.i3 %t.c3
// RUN: strata-run %s --entry floats --random-inputs --random-range full --seed 2 --print > %t.i4
// RUN: strata-run %s --entry floats --random-inputs --random-range full --seed 2 --print --target c > %t.c4
// RUN: diff %t.i4 %t.c4
// RUN: strata-run %s --entry casts --random-inputs --random-range full --seed 3 --print > %t.i5
// RUN: strata-run %s --entry casts --random-inputs --random-range full --seed 3 --print --target c > %t.c5
// RUN: diff %t.i5 %t.c5
// RUN: %if llvm %{ strata-run %s --entry ints --random-inputs --random-range full --seed 1 --print --target jit > %t.j1 %}
// RUN: %if llvm %{ diff %t.i1 %t.j1 %}
// RUN: %if llvm %{ strata-run %s --entry floats --random-inputs --random-range full --seed 1 --print --target jit > %t.j3 %}
// RUN: %if llvm %{ diff %t.i3 %t.j3 %}
// RUN: %if llvm %{ strata-run %s --entry casts --random-inputs --random-range full --seed 3 --print --target jit > %t.j5 %}
// RUN: %if llvm %{ diff %t.i5 %t.j5 %}
// The inputs did reach the edges: i32 extremes, infinities and NaN.
// RUN: FileCheck %s --check-prefix=EDGES < %t.i1
// EDGES: {{-2147483648|2147483647}}
// RUN: FileCheck %s --check-prefix=SPECIALS < %t.i3
// SPECIALS-DAG: 0x7F800000
// SPECIALS-DAG: 0x7FC00000

func.func @ints(%a: memref<64xi32>, %b: memref<64xi32>, %o: memref<6x64xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c31 = arith.constant 31 : i32
  scf.for %i = %c0 to %c64 step %c1 {
    %x = memref.load %a[%i] : memref<64xi32>
    %y = memref.load %b[%i] : memref<64xi32>
    %s = arith.addi %x, %y : i32
    %m = arith.muli %x, %y : i32
    %sh = arith.andi %y, %c31 : i32
    %l = arith.shli %x, %sh : i32
    %r = arith.shrsi %x, %sh : i32
    %mx = arith.maxsi %x, %y : i32
    %mn = arith.minui %x, %y : i32
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k2 = arith.constant 2 : index
    %k3 = arith.constant 3 : index
    %k4 = arith.constant 4 : index
    %k5 = arith.constant 5 : index
    memref.store %s, %o[%k0, %i] : memref<6x64xi32>
    memref.store %m, %o[%k1, %i] : memref<6x64xi32>
    memref.store %l, %o[%k2, %i] : memref<6x64xi32>
    memref.store %r, %o[%k3, %i] : memref<6x64xi32>
    memref.store %mx, %o[%k4, %i] : memref<6x64xi32>
    memref.store %mn, %o[%k5, %i] : memref<6x64xi32>
  }
  return
}
func.func @floats(%a: memref<64xf32>, %b: memref<64xf32>, %o: memref<7x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    %x = memref.load %a[%i] : memref<64xf32>
    %y = memref.load %b[%i] : memref<64xf32>
    %s = arith.addf %x, %y : f32
    %m = arith.mulf %x, %y : f32
    %d = arith.divf %x, %y : f32
    %mx = arith.maximumf %x, %y : f32
    %mn = arith.minnumf %x, %y : f32
    %lt = arith.cmpf ult, %x, %y : f32
    %one = arith.constant 1.0 : f32
    %zero = arith.constant 0.0 : f32
    %sel = arith.select %lt, %one, %zero : f32
    %e = math.exp %x : f32
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k2 = arith.constant 2 : index
    %k3 = arith.constant 3 : index
    %k4 = arith.constant 4 : index
    %k5 = arith.constant 5 : index
    %k6 = arith.constant 6 : index
    memref.store %s, %o[%k0, %i] : memref<7x64xf32>
    memref.store %m, %o[%k1, %i] : memref<7x64xf32>
    memref.store %d, %o[%k2, %i] : memref<7x64xf32>
    memref.store %mx, %o[%k3, %i] : memref<7x64xf32>
    memref.store %mn, %o[%k4, %i] : memref<7x64xf32>
    memref.store %sel, %o[%k5, %i] : memref<7x64xf32>
    memref.store %e, %o[%k6, %i] : memref<7x64xf32>
  }
  return
}
func.func @casts(%a: memref<64xf32>, %b: memref<64xi64>, %o: memref<64xi32>, %p: memref<64xf32>, %q: memref<64xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    %x = memref.load %a[%i] : memref<64xf32>
    %y = memref.load %b[%i] : memref<64xi64>
    %t = arith.fptosi %x : f32 to i32
    %f = arith.sitofp %y : i64 to f32
    %n = arith.trunci %y : i64 to i8
    memref.store %t, %o[%i] : memref<64xi32>
    memref.store %f, %p[%i] : memref<64xf32>
    memref.store %n, %q[%i] : memref<64xi8>
  }
  return
}
