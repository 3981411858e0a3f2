// memref.atomic_rmw (every kind the interpreter combines with, on integer,
// f32 and f16 memrefs; the result is the element read) and memref.rank on
// --target c, and affine loops translated directly (the C back end runs
// lower-affine itself), diffed with the interpreter; the JIT too.
// RUN: strata-run %s --entry atomics --random-inputs --seed 1 --print > %t.i1
// RUN: strata-run %s --entry atomics --random-inputs --seed 1 --print --target c > %t.c1
// RUN: diff %t.i1 %t.c1
// RUN: strata-run %s --entry affine_sum --random-inputs --seed 2 --print > %t.i2
// RUN: strata-run %s --entry affine_sum --random-inputs --seed 2 --print --target c > %t.c2
// RUN: diff %t.i2 %t.c2
// RUN: %if llvm %{ strata-run %s --entry atomics --random-inputs --seed 1 --print --target jit > %t.j1 %}
// RUN: %if llvm %{ diff %t.i1 %t.j1 %}

func.func @atomics(%i: memref<4xi8>, %f: memref<4xf32>, %h: memref<4xf16>, %vi: i8, %vf: f32, %vh: f16,
                   %old: memref<16xi8>, %oldf: memref<7xf32>, %oldh: memref<3xf16>,
                   %ranks: memref<1xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %o0 = memref.atomic_rmw addi %vi, %i[%c0] : (i8, memref<4xi8>) -> i8
  %o1 = memref.atomic_rmw muli %vi, %i[%c1] : (i8, memref<4xi8>) -> i8
  %o2 = memref.atomic_rmw maxs %vi, %i[%c2] : (i8, memref<4xi8>) -> i8
  %o3 = memref.atomic_rmw minu %vi, %i[%c3] : (i8, memref<4xi8>) -> i8
  %o4 = memref.atomic_rmw mins %vi, %i[%c0] : (i8, memref<4xi8>) -> i8
  %o5 = memref.atomic_rmw maxu %vi, %i[%c1] : (i8, memref<4xi8>) -> i8
  %o6 = memref.atomic_rmw andi %vi, %i[%c2] : (i8, memref<4xi8>) -> i8
  %o7 = memref.atomic_rmw ori %vi, %i[%c3] : (i8, memref<4xi8>) -> i8
  %o8 = memref.atomic_rmw xori %vi, %i[%c0] : (i8, memref<4xi8>) -> i8
  %o9 = memref.atomic_rmw assign %vi, %i[%c1] : (i8, memref<4xi8>) -> i8
  %f0 = memref.atomic_rmw addf %vf, %f[%c0] : (f32, memref<4xf32>) -> f32
  %f1 = memref.atomic_rmw mulf %vf, %f[%c1] : (f32, memref<4xf32>) -> f32
  %f2 = memref.atomic_rmw maximumf %vf, %f[%c2] : (f32, memref<4xf32>) -> f32
  %f3 = memref.atomic_rmw minimumf %vf, %f[%c3] : (f32, memref<4xf32>) -> f32
  %f4 = memref.atomic_rmw maxnumf %vf, %f[%c0] : (f32, memref<4xf32>) -> f32
  %f5 = memref.atomic_rmw minnumf %vf, %f[%c1] : (f32, memref<4xf32>) -> f32
  %f6 = memref.atomic_rmw assign %vf, %f[%c2] : (f32, memref<4xf32>) -> f32
  %h0 = memref.atomic_rmw addf %vh, %h[%c0] : (f16, memref<4xf16>) -> f16
  %h1 = memref.atomic_rmw mulf %vh, %h[%c1] : (f16, memref<4xf16>) -> f16
  %h2 = memref.atomic_rmw maximumf %vh, %h[%c2] : (f16, memref<4xf16>) -> f16
  memref.store %o0, %old[%c0] : memref<16xi8>
  memref.store %o1, %old[%c1] : memref<16xi8>
  memref.store %o2, %old[%c2] : memref<16xi8>
  memref.store %o3, %old[%c3] : memref<16xi8>
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  memref.store %o4, %old[%c4] : memref<16xi8>
  memref.store %o5, %old[%c5] : memref<16xi8>
  memref.store %o6, %old[%c6] : memref<16xi8>
  memref.store %o7, %old[%c7] : memref<16xi8>
  memref.store %o8, %old[%c8] : memref<16xi8>
  memref.store %o9, %old[%c9] : memref<16xi8>
  memref.store %f0, %oldf[%c0] : memref<7xf32>
  memref.store %f1, %oldf[%c1] : memref<7xf32>
  memref.store %f2, %oldf[%c2] : memref<7xf32>
  memref.store %f3, %oldf[%c3] : memref<7xf32>
  memref.store %f4, %oldf[%c4] : memref<7xf32>
  memref.store %f5, %oldf[%c5] : memref<7xf32>
  memref.store %f6, %oldf[%c6] : memref<7xf32>
  memref.store %h0, %oldh[%c0] : memref<3xf16>
  memref.store %h1, %oldh[%c1] : memref<3xf16>
  memref.store %h2, %oldh[%c2] : memref<3xf16>
  %r = memref.rank %old : memref<16xi8>
  %m = memref.alloc() : memref<2x3x4xf32>
  %r3 = memref.rank %m : memref<2x3x4xf32>
  memref.dealloc %m : memref<2x3x4xf32>
  %sum = arith.addi %r, %r3 : index
  memref.store %sum, %ranks[%c0] : memref<1xindex>
  return
}

func.func @affine_sum(%a: memref<6x5xf32>, %o: memref<5xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %j = 0 to 5 {
    %s = affine.for %i = 0 to 6 step 2 iter_args(%acc = %zero) -> (f32) {
      %x = affine.load %a[%i, %j] : memref<6x5xf32>
      %y = affine.load %a[%i + 1, 4 - %j] : memref<6x5xf32>
      %p = arith.mulf %x, %y : f32
      %n = arith.addf %acc, %p : f32
      affine.yield %n : f32
    }
    affine.store %s, %o[%j] : memref<5xf32>
  }
  return
}
