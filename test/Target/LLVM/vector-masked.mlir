// Masks and masked memory ops under the JIT, diffed with the interpreter on
// seeded random inputs: create_mask (a run-time size) and constant_mask,
// maskedload/maskedstore, gather/scatter with a run-time index vector and
// mask (f32 and f16 lanes), expandload/compressstore (lanes take the
// elements after as many as there are set mask bits before them), and the
// interpreter's error for a gather past the end of the memref.
// REQUIRES: llvm
// RUN: strata-run %s --entry masked --input 5 --random-inputs --seed 1 --print > %t.i1
// RUN: strata-run %s --entry masked --input 5 --random-inputs --seed 1 --print --target jit > %t.j1
// RUN: diff %t.i1 %t.j1
// RUN: strata-run %s --entry masked --input=-2 --random-inputs --seed 2 --print > %t.i2
// RUN: strata-run %s --entry masked --input=-2 --random-inputs --seed 2 --print --target jit > %t.j2
// RUN: diff %t.i2 %t.j2
// RUN: strata-run %s --entry gather_scatter --random-inputs --seed 3 --print > %t.i3
// RUN: strata-run %s --entry gather_scatter --random-inputs --seed 3 --print --target jit > %t.j3
// RUN: diff %t.i3 %t.j3
// RUN: strata-run %s --entry gather_scatter --random-inputs --seed 4 --print > %t.i4
// RUN: strata-run %s --entry gather_scatter --random-inputs --seed 4 --print --target jit > %t.j4
// RUN: diff %t.i4 %t.j4
// RUN: strata-run %s --entry gather_scatter --random-inputs --seed 4 --target jit --check | FileCheck %s
// CHECK: check: OK, {{[0-9]+}} elements bit-exact with the interpreter
// RUN: not strata-run %s --entry oob --input 30 --random-inputs 2> %t.ie
// RUN: not strata-run %s --entry oob --input 30 --random-inputs --target jit 2> %t.je
// RUN: diff %t.ie %t.je
// RUN: FileCheck %s --check-prefix=OOB --input-file %t.je
// OOB: error: out-of-bounds access 30 elements after [1, 2]

func.func @masked(%n: index, %src: memref<4x8xf32>, %dst: memref<4x8xf32>, %m: memref<2x8xi1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %pass = arith.constant dense<[-1.0, -2.0, -3.0, -4.0, -5.0, -6.0, -7.0, -8.0]> : vector<8xf32>
  %cm = vector.create_mask %n : vector<8xi1>
  %km = vector.constant_mask [3] : vector<8xi1>
  %l = vector.maskedload %src[%c1, %c0], %cm, %pass : memref<4x8xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.maskedstore %dst[%c2, %c0], %km, %l : memref<4x8xf32>, vector<8xi1>, vector<8xf32>
  vector.maskedstore %dst[%c0, %c0], %cm, %l : memref<4x8xf32>, vector<8xi1>, vector<8xf32>
  vector.store %cm, %m[%c0, %c0] : memref<2x8xi1>, vector<8xi1>
  %m2 = vector.create_mask %c1, %n : vector<2x8xi1>
  %k2 = vector.constant_mask [1, 6] : vector<2x8xi1>
  %both = arith.andi %m2, %k2 : vector<2x8xi1>
  %row = vector.extract %both[0] : vector<8xi1> from vector<2x8xi1>
  vector.store %row, %m[%c1, %c0] : memref<2x8xi1>, vector<8xi1>
  return
}

func.func @gather_scatter(%src: memref<4x8xf32>, %idx: memref<8xi32>, %sel: memref<8xf32>,
                          %h: memref<16xf16>, %dst: memref<4x8xf32>, %out: memref<3x8xf32>,
                          %hout: memref<8xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %i = vector.load %idx[%c0] : memref<8xi32>, vector<8xi32>
  %fifteen = arith.constant dense<15> : vector<8xi32>
  %ii = arith.andi %i, %fifteen : vector<8xi32>
  %s = vector.load %sel[%c0] : memref<8xf32>, vector<8xf32>
  %zero = arith.constant dense<0.0> : vector<8xf32>
  %mask = arith.cmpf ogt, %s, %zero : vector<8xf32>
  %pass = arith.constant dense<-1.0> : vector<8xf32>
  %g = vector.gather %src[%c1, %c2][%ii], %mask, %pass : memref<4x8xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.store %g, %out[%c0, %c0] : memref<3x8xf32>, vector<8xf32>
  vector.scatter %dst[%c0, %c3][%ii], %mask, %s : memref<4x8xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>
  %e = vector.expandload %src[%c2, %c1], %mask, %pass : memref<4x8xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.store %e, %out[%c1, %c0] : memref<3x8xf32>, vector<8xf32>
  vector.compressstore %out[%c2, %c0], %mask, %s : memref<3x8xf32>, vector<8xi1>, vector<8xf32>
  %hp = arith.constant dense<0.5> : vector<8xf16>
  %ix = arith.index_cast %ii : vector<8xi32> to vector<8xindex>
  %hg = vector.gather %h[%c0][%ix], %mask, %hp : memref<16xf16>, vector<8xindex>, vector<8xi1>, vector<8xf16> into vector<8xf16>
  vector.store %hg, %hout[%c0] : memref<8xf16>, vector<8xf16>
  return
}

func.func @oob(%k: i32, %src: memref<4x8xf32>, %o: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %iv = vector.broadcast %k : i32 to vector<2xi32>
  %mask = arith.constant dense<true> : vector<2xi1>
  %pass = arith.constant dense<0.0> : vector<2xf32>
  %g = vector.gather %src[%c1, %c2][%iv], %mask, %pass : memref<4x8xf32>, vector<2xi32>, vector<2xi1>, vector<2xf32> into vector<2xf32>
  vector.store %g, %o[%c0] : memref<2xf32>, vector<2xf32>
  return
}
