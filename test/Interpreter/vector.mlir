// RUN: strata-run %s --entry main --print | FileCheck %s
// RUN: not strata-run %s --entry oob --input 6 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: not strata-run %s --entry strict --input 6 2>&1 | FileCheck %s --check-prefix=STRICT
// The vector ops in the reference interpreter, on values worked out by hand.

// contract (2x3 * 3x2 matmul added to ones)
// CHECK: dense<{{\[\[}}2.300000e+01, 2.900000e+01], [5.000000e+01, 6.500000e+01]]> : vector<2x2xf32>
// reduction <add> with accumulator 10, <maxsi> without
// CHECK-NEXT: 3.100000e+01 : f32
// CHECK-NEXT: 6 : i32
// transfer_read at [2, 2] of a 4x4 memref holding i*4+j, transposed map, padding -1
// CHECK-NEXT: dense<{{\[\[}}1.000000e+01, 1.400000e+01, -1.000000e+00], [1.100000e+01, 1.500000e+01, -1.000000e+00]]> : vector<2x3xf32>
// outerproduct with accumulator, fma, broadcast, extract, insert, shape_cast, transpose
// CHECK-NEXT: dense<{{\[\[}}4.000000e+00, 5.000000e+00], [7.000000e+00, 9.000000e+00]]> : vector<2x2xf32>
// CHECK-NEXT: dense<[6.000000e+00, 1.200000e+01]> : vector<2xf32>
// CHECK-NEXT: dense<{{\[\[}}1, 2], [3, 4], [1, 2]]> : vector<3x2xi32>
// CHECK-NEXT: 4 : i32
// CHECK-NEXT: dense<[1, 2, 9, 4, 5, 6]> : vector<6xi32>
// CHECK-NEXT: dense<{{\[\[}}1, 4], [2, 5], [3, 6]]> : vector<3x2xi32>
// masked load with pass-through, then transfer_write / load round trip
// CHECK-NEXT: dense<[0.000000e+00, -5.000000e+00, 2.000000e+00, -5.000000e+00]> : vector<4xf32>
// CHECK-NEXT: dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : vector<4xf32>
// OOB: error: out-of-bounds access at [8] of a memref of shape [8]
// STRICT: error: out-of-bounds access at [8] of a source of shape [8] in a dimension marked in_bounds

func.func @main() -> (vector<2x2xf32>, f32, i32, vector<2x3xf32>, vector<2x2xf32>, vector<2xf32>, vector<3x2xi32>, i32, vector<6xi32>, vector<3x2xi32>, vector<4xf32>, vector<4xf32>) {
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : vector<2x3xf32>
  %b = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : vector<3x2xf32>
  %ones = arith.constant dense<1.0> : vector<2x2xf32>
  %c = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %ones : vector<2x3xf32>, vector<3x2xf32> into vector<2x2xf32>
  %ten = arith.constant 10.0 : f32
  %flat = vector.shape_cast %a : vector<2x3xf32> to vector<6xf32>
  %r = vector.reduction <add>, %flat, %ten : vector<6xf32> into f32
  %iv = arith.constant dense<[3, -1, 6, 2]> : vector<4xi32>
  %m = vector.reduction <maxsi>, %iv : vector<4xi32> into i32

  %mem = memref.alloc() : memref<4x4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 4 + d1)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %kf = arith.sitofp %ki : i32 to f32
      memref.store %kf, %mem[%i, %j] : memref<4x4xf32>
    }
  }
  %pad = arith.constant -1.0 : f32
  %t = vector.transfer_read %mem[%c2, %c2], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<4x4xf32>, vector<2x3xf32>

  %x = arith.constant dense<[1.0, 2.0]> : vector<2xf32>
  %y = arith.constant dense<[3.0, 4.0]> : vector<2xf32>
  %o = vector.outerproduct %x, %y, %ones : vector<2xf32>, vector<2xf32>
  %f = vector.fma %x, %y, %y : vector<2xf32>
  %row = arith.constant dense<[1, 2]> : vector<2xi32>
  %row2 = arith.constant dense<[3, 4]> : vector<2xi32>
  %bc = vector.broadcast %row : vector<2xi32> to vector<3x2xi32>
  %bc2 = vector.insert %row2, %bc [1] : vector<2xi32> into vector<3x2xi32>
  %e = vector.extract %bc2[1, 1] : i32 from vector<3x2xi32>
  %six = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi32>
  %nine = arith.constant 9 : i32
  %ins = vector.insert %nine, %six [%c0, 2] : i32 into vector<2x3xi32>
  %insf = vector.shape_cast %ins : vector<2x3xi32> to vector<6xi32>
  %tr = vector.transpose %six, [1, 0] : vector<2x3xi32> to vector<3x2xi32>

  %buf = memref.alloc() : memref<4xf32>
  %vals = arith.constant dense<[0.0, 1.0, 2.0, 3.0]> : vector<4xf32>
  vector.store %vals, %buf[%c0] : memref<4xf32>, vector<4xf32>
  %mask = arith.constant dense<[true, false, true, false]> : vector<4xi1>
  %pass = arith.constant dense<-5.0> : vector<4xf32>
  %ml = vector.maskedload %buf[%c0], %mask, %pass : memref<4xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %w = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  vector.transfer_write %w, %buf[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
  %back = vector.load %buf[%c0] : memref<4xf32>, vector<4xf32>
  return %c, %r, %m, %t, %o, %f, %bc2, %e, %insf, %tr, %ml, %back : vector<2x2xf32>, f32, i32, vector<2x3xf32>, vector<2x2xf32>, vector<2xf32>, vector<3x2xi32>, i32, vector<6xi32>, vector<3x2xi32>, vector<4xf32>, vector<4xf32>
}

func.func @oob(%i: index) -> vector<4xf32> {
  %m = memref.alloc() : memref<8xf32>
  %z = arith.constant dense<0.0> : vector<4xf32>
  %c0 = arith.constant 0 : index
  vector.store %z, %m[%c0] : memref<8xf32>, vector<4xf32>
  %c4 = arith.constant 4 : index
  vector.store %z, %m[%c4] : memref<8xf32>, vector<4xf32>
  // A non-strict transfer pads past the end; a plain load does not.
  %p = arith.constant 0.0 : f32
  %t = vector.transfer_read %m[%i], %p : memref<8xf32>, vector<4xf32>
  %v = vector.load %m[%i] : memref<8xf32>, vector<4xf32>
  return %v : vector<4xf32>
}

func.func @strict(%i: index) -> vector<4xf32> {
  %m = memref.alloc() : memref<8xf32>
  %p = arith.constant 0.0 : f32
  %t = vector.transfer_read %m[%i], %p {in_bounds = [true]} : memref<8xf32>, vector<4xf32>
  return %t : vector<4xf32>
}
