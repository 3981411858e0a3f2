// Float memref.globals with initializers (a static C array needs constant
// expressions: exact hexadecimal literals, INFINITY, __builtin_nan with the
// payload): normal, subnormal, signed zero, infinities and NaNs with
// payloads in f32 and f64, a splat, and an uninitialized (zero) global that
// is written and read back (reading an unwritten element is an error in
// the interpreter, as the memory is uninitialized). C and the interpreter give identical bytes; the
// translation compiles warning-free.
// RUN: strata-run %s --entry globals --random-inputs --seed 5 --output %t.i.x --output %t.i.y --output %t.i.o --output %t.i.p
// RUN: strata-run %s --entry globals --random-inputs --seed 5 --output %t.c.x --output %t.c.y --output %t.c.o --output %t.c.p --target c
// RUN: cmp %t.i.o %t.c.o
// RUN: cmp %t.i.p %t.c.p
// RUN: strata-run %s --entry bits --random-inputs --print > %t.i.bits
// RUN: strata-run %s --entry bits --random-inputs --print --target c > %t.c.bits
// RUN: diff %t.i.bits %t.c.bits
// RUN: FileCheck %s --input-file %t.c.bits
// RUN: strata-translate --mlir-to-c %s -o %t.src.c
// RUN: FileCheck %s --check-prefix=SRC --input-file %t.src.c
// RUN: cc -O3 -Wall -Wextra -Werror -std=c11 -c %t.src.c -o %t.o

// The bits of @f32s, NaN payloads included; the signaling NaN 0xFFA00000
// reads back quiet (0xFFE00000 = -2097152), in the interpreter as in C.
// CHECK: dense<[1069547520, -2147483648, 1, 2139095040, -8388608, 2143289345, -2097152, 8388608]> : tensor<8xi32>
// SRC: static float strata_global_f32s[8] __attribute__((aligned(64))) = {0xc00000p-23f, -0x0p-149f, 0x1p-149f, INFINITY, -INFINITY, __builtin_nanf("0x1"), -__builtin_nanf("0x200000"), 0x800000p-149f};
// SRC: static double strata_global_f64s[2] __attribute__((aligned(64))) = {0x1999999999999ap-56, 0xfffffffffffffp-1074};
// SRC: static double strata_global_splat[3] __attribute__((aligned(64))) = {-0x10000000000000p-50, -0x10000000000000p-50, -0x10000000000000p-50};

memref.global "private" constant @f32s : memref<2x4xf32> = dense<[[1.5, -0.0, 1.0e-45, 0x7F800000], [0xFF800000, 0x7FC00001, 0xFFA00000, 1.17549435E-38]]>
memref.global "private" constant @f64s : memref<2xf64> = dense<[0.1, 0x000FFFFFFFFFFFFF]>
memref.global "private" @splat : memref<3xf64> = dense<-4.0>
memref.global "private" @zeros : memref<4xf32>

// o[i, j] = x[i, j] + f32s[i, j]; p[k] = y[k] * f64s[k mod 2] + splat[k mod 3];
// o[2, 0] = zeros[2] after a store.
func.func @globals(%x: memref<2x4xf32>, %y: memref<6xf64>, %o: memref<3x4xf32>, %p: memref<6xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %g = memref.get_global @f32s : memref<2x4xf32>
  %d = memref.get_global @f64s : memref<2xf64>
  %s = memref.get_global @splat : memref<3xf64>
  %z = memref.get_global @zeros : memref<4xf32>
  %seven = arith.constant 7.0 : f32
  memref.store %seven, %z[%c2] : memref<4xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %a = memref.load %x[%i, %j] : memref<2x4xf32>
      %b = memref.load %g[%i, %j] : memref<2x4xf32>
      %r = arith.addf %a, %b : f32
      memref.store %r, %o[%i, %j] : memref<3x4xf32>
    }
  }
  %v = memref.load %z[%c2] : memref<4xf32>
  memref.store %v, %o[%c2, %c0] : memref<3x4xf32>
  scf.for %k = %c0 to %c6 step %c1 {
    %a = memref.load %y[%k] : memref<6xf64>
    %k2 = arith.remui %k, %c2 : index
    %k3 = arith.remui %k, %c3 : index
    %b = memref.load %d[%k2] : memref<2xf64>
    %c = memref.load %s[%k3] : memref<3xf64>
    %m = arith.mulf %a, %b : f64
    %r = arith.addf %m, %c : f64
    %bits = arith.bitcast %r : f64 to i64
    memref.store %bits, %p[%k] : memref<6xi64>
  }
  return
}

// The bits of the f32 global, NaN payloads included.
func.func @bits(%o: memref<8xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %g = memref.get_global @f32s : memref<2x4xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %v = memref.load %g[%i, %j] : memref<2x4xf32>
      %b = arith.bitcast %v : f32 to i32
      %i4 = arith.muli %i, %c4 : index
      %k = arith.addi %i4, %j : index
      memref.store %b, %o[%k] : memref<8xi32>
    }
  }
  return
}
