// f16 and bf16 arithmetic, comparisons and math: every op computes in
// double from its operands' exact values and rounds once to nearest even
// (subnormals kept), as the interpreter does; C and interpreter outputs are
// diffed on random inputs and on edge values (the JIT runs this file in
// test/Target/LLVM/half-floats.mlir).
// RUN: strata-run %s --entry f16ops --random-inputs --seed 1 --print > %t.i1
// RUN: strata-run %s --entry f16ops --random-inputs --seed 1 --print --target c > %t.c1
// RUN: diff %t.i1 %t.c1
// RUN: strata-run %s --entry bf16ops --random-inputs --seed 2 --print > %t.i2
// RUN: strata-run %s --entry bf16ops --random-inputs --seed 2 --print --target c > %t.c2
// RUN: diff %t.i2 %t.c2
// RUN: strata-run %s --entry scalar --input 0.1 --input=-3.5 --print > %t.i3
// RUN: strata-run %s --entry scalar --input 0.1 --input=-3.5 --print --target c > %t.c3
// RUN: diff %t.i3 %t.c3
// RUN: FileCheck %s < %t.c3
// CHECK: 1.999510e-01 : f16
// RUN: strata-translate --mlir-to-c %s | FileCheck %s --check-prefix=C
// C: uint16_t f16ops(uint16_t *a0
// C: strata_f16_from_f64((double)(strata_f16_to_f64(

// Lanes 8..15 of each operand are edge values: the largest finite value,
// infinities, NaN, signed zero, subnormals, a value next to a tie.
memref.global "private" constant @e16 : memref<8xf16> = dense<[0x7BFF, 0xFC00, 0x7E00, 0x8000, 0x0001, 0x03FF, 0x3C01, 0x0400]>
memref.global "private" constant @eb16 : memref<8xbf16> = dense<[0x7F7F, 0xFF80, 0x7FC0, 0x8000, 0x0001, 0x007F, 0x3F81, 0x0080]>

func.func @f16ops(%a: memref<16xf16>, %b: memref<16xf16>, %o: memref<14x16xf16>, %c: memref<8x16xi1>) -> f16 {
  %e = memref.get_global @e16 : memref<8xf16>
  %r = func.call @body_f16(%a, %b, %e, %o, %c) : (memref<16xf16>, memref<16xf16>, memref<8xf16>, memref<14x16xf16>, memref<8x16xi1>) -> f16
  return %r : f16
}

func.func @body_f16(%a: memref<16xf16>, %b: memref<16xf16>, %e: memref<8xf16>, %o: memref<14x16xf16>, %c: memref<8x16xi1>) -> f16 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %scale = arith.constant 6.0e+02 : f16
  %zero = arith.constant 0.0 : f16
  %sum = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (f16) {
    %edge = arith.cmpi uge, %k, %c8 : index
    %x0 = memref.load %a[%k] : memref<16xf16>
    %y0 = memref.load %b[%k] : memref<16xf16>
    %x1 = arith.mulf %x0, %scale : f16
    %x = scf.if %edge -> (f16) {
      %j = arith.subi %k, %c8 : index
      %ev = memref.load %e[%j] : memref<8xf16>
      scf.yield %ev : f16
    } else {
      scf.yield %x1 : f16
    }
    %r0 = arith.addf %x, %y0 : f16
    %r1 = arith.subf %x, %y0 : f16
    %r2 = arith.mulf %x, %y0 : f16
    %r3 = arith.divf %x, %y0 : f16
    %r4 = arith.remf %x, %y0 : f16
    %r5 = arith.negf %x : f16
    %r6 = arith.minimumf %x, %y0 : f16
    %r7 = arith.maxnumf %x, %y0 : f16
    %r8 = math.exp %y0 : f16
    %r9 = math.sqrt %x : f16
    %r10 = math.tanh %x : f16
    %r11 = math.fma %x, %y0, %r0 : f16
    %r12 = math.floor %x : f16
    %r13 = math.powf %y0, %x : f16
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i2 = arith.constant 2 : index
    %i3 = arith.constant 3 : index
    %i4 = arith.constant 4 : index
    %i5 = arith.constant 5 : index
    %i6 = arith.constant 6 : index
    %i7 = arith.constant 7 : index
    %i8 = arith.constant 8 : index
    %i9 = arith.constant 9 : index
    %i10 = arith.constant 10 : index
    %i11 = arith.constant 11 : index
    %i12 = arith.constant 12 : index
    %i13 = arith.constant 13 : index
    memref.store %r0, %o[%i0, %k] : memref<14x16xf16>
    memref.store %r1, %o[%i1, %k] : memref<14x16xf16>
    memref.store %r2, %o[%i2, %k] : memref<14x16xf16>
    memref.store %r3, %o[%i3, %k] : memref<14x16xf16>
    memref.store %r4, %o[%i4, %k] : memref<14x16xf16>
    memref.store %r5, %o[%i5, %k] : memref<14x16xf16>
    memref.store %r6, %o[%i6, %k] : memref<14x16xf16>
    memref.store %r7, %o[%i7, %k] : memref<14x16xf16>
    memref.store %r8, %o[%i8, %k] : memref<14x16xf16>
    memref.store %r9, %o[%i9, %k] : memref<14x16xf16>
    memref.store %r10, %o[%i10, %k] : memref<14x16xf16>
    memref.store %r11, %o[%i11, %k] : memref<14x16xf16>
    memref.store %r12, %o[%i12, %k] : memref<14x16xf16>
    memref.store %r13, %o[%i13, %k] : memref<14x16xf16>
    %q0 = arith.cmpf olt, %x, %y0 : f16
    %q1 = arith.cmpf ueq, %x, %y0 : f16
    %q2 = arith.cmpf uno, %x, %y0 : f16
    %q3 = arith.cmpf oge, %x, %zero : f16
    %q4 = math.isnan %x : f16
    %q5 = math.isinf %x : f16
    %q6 = math.isfinite %x : f16
    %q7 = math.isnormal %x : f16
    memref.store %q0, %c[%i0, %k] : memref<8x16xi1>
    memref.store %q1, %c[%i1, %k] : memref<8x16xi1>
    memref.store %q2, %c[%i2, %k] : memref<8x16xi1>
    memref.store %q3, %c[%i3, %k] : memref<8x16xi1>
    memref.store %q4, %c[%i4, %k] : memref<8x16xi1>
    memref.store %q5, %c[%i5, %k] : memref<8x16xi1>
    memref.store %q6, %c[%i6, %k] : memref<8x16xi1>
    memref.store %q7, %c[%i7, %k] : memref<8x16xi1>
    %s = arith.select %q0, %r2, %r0 : f16
    %next = arith.addf %acc, %s : f16
    scf.yield %next : f16
  }
  return %sum : f16
}

func.func @bf16ops(%a: memref<16xbf16>, %b: memref<16xbf16>, %o: memref<14x16xbf16>, %c: memref<8x16xi1>) -> bf16 {
  %e = memref.get_global @eb16 : memref<8xbf16>
  %r = func.call @body_bf16(%a, %b, %e, %o, %c) : (memref<16xbf16>, memref<16xbf16>, memref<8xbf16>, memref<14x16xbf16>, memref<8x16xi1>) -> bf16
  return %r : bf16
}

func.func @body_bf16(%a: memref<16xbf16>, %b: memref<16xbf16>, %e: memref<8xbf16>, %o: memref<14x16xbf16>, %c: memref<8x16xi1>) -> bf16 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %scale = arith.constant 1.0e+30 : bf16
  %zero = arith.constant 0.0 : bf16
  %sum = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (bf16) {
    %edge = arith.cmpi uge, %k, %c8 : index
    %x0 = memref.load %a[%k] : memref<16xbf16>
    %y0 = memref.load %b[%k] : memref<16xbf16>
    %x1 = arith.mulf %x0, %scale : bf16
    %x = scf.if %edge -> (bf16) {
      %j = arith.subi %k, %c8 : index
      %ev = memref.load %e[%j] : memref<8xbf16>
      scf.yield %ev : bf16
    } else {
      scf.yield %x1 : bf16
    }
    %r0 = arith.addf %x, %y0 : bf16
    %r1 = arith.subf %x, %y0 : bf16
    %r2 = arith.mulf %x, %y0 : bf16
    %r3 = arith.divf %x, %y0 : bf16
    %r4 = arith.remf %x, %y0 : bf16
    %r5 = arith.negf %x : bf16
    %r6 = arith.minimumf %x, %y0 : bf16
    %r7 = arith.maxnumf %x, %y0 : bf16
    %r8 = math.exp %y0 : bf16
    %r9 = math.sqrt %x : bf16
    %r10 = math.tanh %x : bf16
    %r11 = math.fma %x, %y0, %r0 : bf16
    %r12 = math.floor %x : bf16
    %r13 = math.powf %y0, %x : bf16
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i2 = arith.constant 2 : index
    %i3 = arith.constant 3 : index
    %i4 = arith.constant 4 : index
    %i5 = arith.constant 5 : index
    %i6 = arith.constant 6 : index
    %i7 = arith.constant 7 : index
    %i8 = arith.constant 8 : index
    %i9 = arith.constant 9 : index
    %i10 = arith.constant 10 : index
    %i11 = arith.constant 11 : index
    %i12 = arith.constant 12 : index
    %i13 = arith.constant 13 : index
    memref.store %r0, %o[%i0, %k] : memref<14x16xbf16>
    memref.store %r1, %o[%i1, %k] : memref<14x16xbf16>
    memref.store %r2, %o[%i2, %k] : memref<14x16xbf16>
    memref.store %r3, %o[%i3, %k] : memref<14x16xbf16>
    memref.store %r4, %o[%i4, %k] : memref<14x16xbf16>
    memref.store %r5, %o[%i5, %k] : memref<14x16xbf16>
    memref.store %r6, %o[%i6, %k] : memref<14x16xbf16>
    memref.store %r7, %o[%i7, %k] : memref<14x16xbf16>
    memref.store %r8, %o[%i8, %k] : memref<14x16xbf16>
    memref.store %r9, %o[%i9, %k] : memref<14x16xbf16>
    memref.store %r10, %o[%i10, %k] : memref<14x16xbf16>
    memref.store %r11, %o[%i11, %k] : memref<14x16xbf16>
    memref.store %r12, %o[%i12, %k] : memref<14x16xbf16>
    memref.store %r13, %o[%i13, %k] : memref<14x16xbf16>
    %q0 = arith.cmpf olt, %x, %y0 : bf16
    %q1 = arith.cmpf ueq, %x, %y0 : bf16
    %q2 = arith.cmpf uno, %x, %y0 : bf16
    %q3 = arith.cmpf oge, %x, %zero : bf16
    %q4 = math.isnan %x : bf16
    %q5 = math.isinf %x : bf16
    %q6 = math.isfinite %x : bf16
    %q7 = math.isnormal %x : bf16
    memref.store %q0, %c[%i0, %k] : memref<8x16xi1>
    memref.store %q1, %c[%i1, %k] : memref<8x16xi1>
    memref.store %q2, %c[%i2, %k] : memref<8x16xi1>
    memref.store %q3, %c[%i3, %k] : memref<8x16xi1>
    memref.store %q4, %c[%i4, %k] : memref<8x16xi1>
    memref.store %q5, %c[%i5, %k] : memref<8x16xi1>
    memref.store %q6, %c[%i6, %k] : memref<8x16xi1>
    memref.store %q7, %c[%i7, %k] : memref<8x16xi1>
    %s = arith.select %q0, %r2, %r0 : bf16
    %next = arith.addf %acc, %s : bf16
    scf.yield %next : bf16
  }
  return %sum : bf16
}

func.func @scalar(%x: f16, %y: bf16) -> (f16, bf16, f32, f16, bf16, i16) {
  %a = arith.addf %x, %x : f16
  %b = arith.mulf %y, %y : bf16
  %c = arith.extf %b : bf16 to f32
  %d = arith.truncf %c : f32 to f16
  %e = arith.truncf %c : f32 to bf16
  %f = arith.bitcast %a : f16 to i16
  return %a, %b, %c, %d, %e, %f : f16, bf16, f32, f16, bf16, i16
}
