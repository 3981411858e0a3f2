// math.asinh, acosh, atanh and cbrt in f64 and f32 (f32 through double,
// rounded once): the compiled C and the interpreter call the same C library
// functions (glibc's `cbrt` too: the interpreter looks it up past the copy
// Rust's runtime links into every binary, which differs in the last bit for
// about half of all inputs), so the outputs are byte-identical on seeded
// inputs over [-1000, 1000] (asinh, cbrt), [1, 1e6] (acosh), (-1, 1) (atanh).
// RUN: strata-run %s --entry hyp --random-inputs --seed 1 --output %t.i.a --output %t.i.o --output %t.i.p
// RUN: strata-run %s --entry hyp --random-inputs --seed 1 --output %t.c.a --output %t.c.o --output %t.c.p --target c
// RUN: cmp %t.i.o %t.c.o
// RUN: cmp %t.i.p %t.c.p
// RUN: strata-run %s --entry hyp --random-inputs --seed 2 --print > %t.i2
// RUN: strata-run %s --entry hyp --random-inputs --seed 2 --print --target c > %t.c2
// RUN: diff %t.i2 %t.c2
// RUN: FileCheck %s --input-file %t.c2
// CHECK: : tensor<4x256xf64> (memref<4x256xf64>)
// CHECK-NEXT: : tensor<4x256xf32> (memref<4x256xf32>)

// Rows of o (f64) and p (f32): asinh(1000 a), acosh(1 + (1000 a)^2),
// atanh(a), cbrt(1000 a).
func.func @hyp(%a: memref<256xf64>, %o: memref<4x256xf64>, %p: memref<4x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n = arith.constant 256 : index
  %k = arith.constant 1000.0 : f64
  %one = arith.constant 1.0 : f64
  scf.for %i = %c0 to %n step %c1 {
    %x0 = memref.load %a[%i] : memref<256xf64>
    %x = arith.mulf %x0, %k : f64
    %s = math.asinh %x : f64
    %sq = arith.mulf %x, %x : f64
    %y = arith.addf %sq, %one : f64
    %c = math.acosh %y : f64
    %t = math.atanh %x0 : f64
    %r = math.cbrt %x : f64
    memref.store %s, %o[%c0, %i] : memref<4x256xf64>
    memref.store %c, %o[%c1, %i] : memref<4x256xf64>
    memref.store %t, %o[%c2, %i] : memref<4x256xf64>
    memref.store %r, %o[%c3, %i] : memref<4x256xf64>
    %xf = arith.truncf %x : f64 to f32
    %yf = arith.truncf %y : f64 to f32
    %x0f = arith.truncf %x0 : f64 to f32
    %sf = math.asinh %xf : f32
    %cf = math.acosh %yf : f32
    %tf = math.atanh %x0f : f32
    %rf = math.cbrt %xf : f32
    memref.store %sf, %p[%c0, %i] : memref<4x256xf32>
    memref.store %cf, %p[%c1, %i] : memref<4x256xf32>
    memref.store %tf, %p[%c2, %i] : memref<4x256xf32>
    memref.store %rf, %p[%c3, %i] : memref<4x256xf32>
  }
  return
}
