// Vector dialect ops under the JIT (LLVM vectors of the elements in
// row-major order, emitted lane by lane with the scalar semantics),
// against the interpreter on seeded random inputs: elementwise arith and
// math on vectors (division, casts, cmpf + select), vector.load/store,
// broadcast, fma, reduction, contract (a matmul tile in f32 and a wrapping
// i8 one), outerproduct, transfer_read/write with padding and a mask,
// extract/insert, transpose and shape_cast, loop-carried vectors.
// REQUIRES: llvm
// RUN: strata-run %s --entry ew --random-inputs --seed 1 --print > %t.i1
// RUN: strata-run %s --entry ew --random-inputs --seed 1 --print --target jit > %t.j1
// RUN: diff %t.i1 %t.j1
// RUN: strata-run %s --entry mm --random-inputs --seed 2 --print > %t.i2
// RUN: strata-run %s --entry mm --random-inputs --seed 2 --print --target jit > %t.j2
// RUN: diff %t.i2 %t.j2
// RUN: strata-run %s --entry mm_i8 --random-inputs --seed 3 --output %t.i.a --output %t.i.b --output %t.i.c
// RUN: strata-run %s --entry mm_i8 --random-inputs --seed 3 --output %t.j.a --output %t.j.b --output %t.j.c --target jit
// RUN: cmp %t.i.c %t.j.c
// RUN: strata-run %s --entry transfer --random-inputs --seed 4 --print > %t.i4
// RUN: strata-run %s --entry transfer --random-inputs --seed 4 --print --target jit > %t.j4
// RUN: diff %t.i4 %t.j4
// RUN: strata-run %s --entry shuffle --random-inputs --seed 5 --print > %t.i5
// RUN: strata-run %s --entry shuffle --random-inputs --seed 5 --print --target jit > %t.j5
// RUN: diff %t.i5 %t.j5
// RUN: strata-run %s --entry red --random-inputs --seed 6 --print > %t.i6
// RUN: strata-run %s --entry red --random-inputs --seed 6 --print --target jit > %t.j6
// RUN: diff %t.i6 %t.j6
// Out of bounds: the same located error as the interpreter.
// RUN: not strata-run %s --entry oob --input 6 --random-inputs 2> %t.ie
// RUN: not strata-run %s --entry oob --input 6 --random-inputs --target jit 2> %t.je
// RUN: diff %t.ie %t.je
// RUN: FileCheck %s --check-prefix=OOB --input-file %t.je
// OOB: error: out-of-bounds access at [8] of a memref of shape [8]
// The outputs are not trivial.
// RUN: FileCheck %s --input-file %t.j2
// CHECK: dense<{{.*}}> : tensor<4x8xf32> (memref<4x8xf32>)

// Elementwise: o = select(a > b, fma(a, b, 0.5) / b, exp(a)), and an
// integer lane: (fptosi(a * 100) : i8) divsi 7, wrapping times 3.
func.func @ew(%a: memref<4x8xf32>, %b: memref<4x8xf32>, %o: memref<4x8xf32>, %q: memref<4x8xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %half = arith.constant dense<0.5> : vector<8xf32>
  %k = arith.constant dense<1.000000e+02> : vector<8xf32>
  %seven = arith.constant dense<7> : vector<8xi8>
  %three = arith.constant dense<[3, 3, 3, 3, -3, -3, 100, 127]> : vector<8xi8>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = vector.load %a[%i, %c0] : memref<4x8xf32>, vector<8xf32>
    %y = vector.load %b[%i, %c0] : memref<4x8xf32>, vector<8xf32>
    %f = vector.fma %x, %y, %half : vector<8xf32>
    %d = arith.divf %f, %y : vector<8xf32>
    %e = math.exp %x : vector<8xf32>
    %gt = arith.cmpf ogt, %x, %y : vector<8xf32>
    %r = arith.select %gt, %d, %e : vector<8xi1>, vector<8xf32>
    vector.store %r, %o[%i, %c0] : memref<4x8xf32>, vector<8xf32>
    %s = arith.mulf %x, %k : vector<8xf32>
    %n = arith.fptosi %s : vector<8xf32> to vector<8xi8>
    %dv = arith.divsi %n, %seven : vector<8xi8>
    %m = arith.muli %dv, %three : vector<8xi8>
    %sum = arith.addi %m, %n : vector<8xi8>
    vector.store %sum, %q[%i, %c0] : memref<4x8xi8>, vector<8xi8>
  }
  return
}

// A 4x8 += 4x4 * 4x8 tile: broadcast + fma over k, then vector.contract
// for the same product added on top.
func.func @mm(%a: memref<4x4xf32>, %b: memref<4x8xf32>, %c: memref<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %z = arith.constant dense<0.0> : vector<8xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %acc = scf.for %k = %c0 to %c4 step %c1 iter_args(%v = %z) -> (vector<8xf32>) {
      %aik = memref.load %a[%i, %k] : memref<4x4xf32>
      %bc = vector.broadcast %aik : f32 to vector<8xf32>
      %row = vector.load %b[%k, %c0] : memref<4x8xf32>, vector<8xf32>
      %n = vector.fma %bc, %row, %v : vector<8xf32>
      scf.yield %n : vector<8xf32>
    }
    vector.store %acc, %c[%i, %c0] : memref<4x8xf32>, vector<8xf32>
  }
  %va = vector.transfer_read %a[%c0, %c0], %zero : memref<4x4xf32>, vector<4x4xf32>
  %vb = vector.transfer_read %b[%c0, %c0], %zero : memref<4x8xf32>, vector<4x8xf32>
  %vc = vector.transfer_read %c[%c0, %c0], %zero : memref<4x8xf32>, vector<4x8xf32>
  %r = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %va, %vb, %vc : vector<4x4xf32>, vector<4x8xf32> into vector<4x8xf32>
  vector.transfer_write %r, %c[%c0, %c0] : vector<4x8xf32>, memref<4x8xf32>
  return
}

// An i8 matmul accumulating in i8 (wrapping on every step).
func.func @mm_i8(%a: memref<4x16xi8>, %b: memref<16x4xi8>, %c: memref<4x4xi8>) {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0 : i8
  %va = vector.transfer_read %a[%c0, %c0], %p : memref<4x16xi8>, vector<4x16xi8>
  %vb = vector.transfer_read %b[%c0, %c0], %p : memref<16x4xi8>, vector<16x4xi8>
  %z = arith.constant dense<0> : vector<4x4xi8>
  %r = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %va, %vb, %z : vector<4x16xi8>, vector<16x4xi8> into vector<4x4xi8>
  vector.transfer_write %r, %c[%c0, %c0] : vector<4x4xi8>, memref<4x4xi8>
  return
}

// transfer_read past the end (padded), with a transposing map and a mask;
// transfer_write past the end (dropped).
func.func @transfer(%a: memref<5x3xf32>, %o: memref<3x8xf32>, %w: memref<5x3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %pad = arith.constant -1.0 : f32
  %r = vector.transfer_read %a[%c2, %c0], %pad : memref<5x3xf32>, vector<2x8xf32>
  vector.transfer_write %r, %o[%c0, %c0] {in_bounds = [true, true]} : vector<2x8xf32>, memref<3x8xf32>
  %t = vector.transfer_read %a[%c1, %c1], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<5x3xf32>, vector<2x8xf32>
  %row = vector.extract %t[1] : vector<8xf32> from vector<2x8xf32>
  %m = arith.constant dense<[true, false, true, true, false, true, true, true]> : vector<8xi1>
  %mr = vector.transfer_read %a[%c0, %c0], %pad, %m : memref<5x3xf32>, vector<8xf32>
  %sum = arith.addf %row, %mr : vector<8xf32>
  vector.transfer_write %sum, %o[%c2, %c0] : vector<8xf32>, memref<3x8xf32>
  %v = vector.transfer_read %a[%c0, %c0], %pad : memref<5x3xf32>, vector<5x3xf32>
  vector.transfer_write %v, %w[%c1, %c1] : vector<5x3xf32>, memref<5x3xf32>
  return
}

// extract/insert (static and dynamic positions), transpose, shape_cast,
// broadcast of a vector, outerproduct.
func.func @shuffle(%a: memref<2x4xi32>, %o: memref<4x2xi32>, %p: memref<2x8xi32>, %f: memref<4xf32>, %g: memref<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = vector.load %a[%c0, %c0] : memref<2x4xi32>, vector<4xi32>
  %w = vector.load %a[%c1, %c0] : memref<2x4xi32>, vector<4xi32>
  %z = arith.constant dense<0> : vector<2x4xi32>
  %m0 = vector.insert %v, %z [0] : vector<4xi32> into vector<2x4xi32>
  %m1 = vector.insert %w, %m0 [%c1] : vector<4xi32> into vector<2x4xi32>
  %e = vector.extract %m1[1, 2] : i32 from vector<2x4xi32>
  %m2 = vector.insert %e, %m1 [%c0, %c1] : i32 into vector<2x4xi32>
  %t = vector.transpose %m2, [1, 0] : vector<2x4xi32> to vector<4x2xi32>
  vector.transfer_write %t, %o[%c0, %c0] : vector<4x2xi32>, memref<4x2xi32>
  %flat = vector.shape_cast %m2 : vector<2x4xi32> to vector<8xi32>
  %b = vector.broadcast %flat : vector<8xi32> to vector<2x8xi32>
  %sh = arith.constant dense<3> : vector<2x8xi32>
  %s = arith.shrsi %b, %sh : vector<2x8xi32>
  vector.transfer_write %s, %p[%c0, %c0] : vector<2x8xi32>, memref<2x8xi32>
  %x = vector.load %f[%c0] : memref<4xf32>, vector<4xf32>
  %op = vector.outerproduct %x, %x : vector<4xf32>, vector<4xf32>
  %op2 = vector.outerproduct %x, %x, %op : vector<4xf32>, vector<4xf32>
  vector.transfer_write %op2, %g[%c0, %c0] : vector<4x4xf32>, memref<4x4xf32>
  return
}

// Reductions: f32 add (in order), i8 maxsi and wrapping mul, with an
// accumulator; maximumf.
func.func @red(%a: memref<16xf32>, %b: memref<16xi8>) -> (f32, i8, i8, f32) {
  %c0 = arith.constant 0 : index
  %x = vector.load %a[%c0] : memref<16xf32>, vector<16xf32>
  %y = vector.load %b[%c0] : memref<16xi8>, vector<16xi8>
  %s = vector.reduction <add>, %x : vector<16xf32> into f32
  %m = vector.reduction <maxsi>, %y : vector<16xi8> into i8
  %one = arith.constant 3 : i8
  %p = vector.reduction <mul>, %y, %one : vector<16xi8> into i8
  %mx = vector.reduction <maximumf>, %x : vector<16xf32> into f32
  return %s, %m, %p, %mx : f32, i8, i8, f32
}

// vector.load reading one element past the end: %i = 6, 4 lanes.
func.func @oob(%i: index, %a: memref<8xf32>) -> f32 {
  %v = vector.load %a[%i] : memref<8xf32>, vector<4xf32>
  %s = vector.reduction <add>, %v : vector<4xf32> into f32
  return %s : f32
}
