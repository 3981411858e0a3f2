// RUN: strata-run %s --entry main --print | FileCheck %s
// The vector ops of extra_ops.rs in the reference interpreter, on values
// worked out by hand: shuffle [7, 0, 4] takes b[3], a[0], b[0]; the strided
// slices pick columns 1 and 3; gather/expandload address base[offsets] plus
// a row-major offset (MLIR's pointer arithmetic); exclusive scan from 10 is
// 10, 10+1, 11+2, 13+3 with accumulated 16; compressstore writes lanes 0,
// 1, 3 to consecutive places and scatter to [1, 0], [1, 1], [1, 3].

// CHECK: dense<[8, 1, 5]> : vector<3xi32>
// CHECK-NEXT: dense<{{\[\[}}2, 4], [6, 8]]> : vector<2x2xi32>
// CHECK-NEXT: dense<{{\[\[}}1, 2, 3, 4], [5, 9, 7, 10]]> : vector<2x4xi32>
// CHECK-NEXT: dense<{{\[\[}}true, true, false], [false, false, false]]> : vector<2x3xi1>
// CHECK-NEXT: dense<[true, true, true, false]> : vector<4xi1>
// CHECK-NEXT: dense<[2.000000e+00, 5.000000e+00, -1.000000e+00, 4.000000e+00]> : vector<4xf32>
// CHECK-NEXT: dense<[5.000000e+00, 6.000000e+00, -1.000000e+00, 7.000000e+00]> : vector<4xf32>
// CHECK-NEXT: dense<[105, 107, 109]> : vector<3xi32>
// CHECK-NEXT: 21 : i32
// CHECK-NEXT: dense<[10, 11, 13, 16]> : vector<4xi32>
// CHECK-NEXT: 16 : i32
// CHECK-NEXT: dense<[1, 5, 2, 6, 3, 7, 4, 8]> : vector<8xi32>
// CHECK-NEXT: dense<[1, 3]> : vector<2xi32>
// CHECK-NEXT: dense<[2, 4]> : vector<2xi32>
// CHECK-NEXT: dense<[0, 1, 2, 3]> : vector<4xindex>
// CHECK-NEXT: dense<[2.500000e+00, -1.000000e+00]> : vector<2xf32>
// CHECK-NEXT: -1.000000e+00 : f32
// CHECK-NEXT: dense<{{\[\[}}0.000000e+00, 1.000000e+01, 1.100000e+01, 1.300000e+01], [1.000000e+01, 1.100000e+01, 6.000000e+00, 1.300000e+01]]> : vector<2x4xf32>

func.func @main() -> (vector<3xi32>, vector<2x2xi32>, vector<2x4xi32>, vector<2x3xi1>, vector<4xi1>, vector<4xf32>, vector<4xf32>, vector<3xi32>, i32, vector<4xi32>, i32, vector<8xi32>, vector<2xi32>, vector<2xi32>, vector<4xindex>, vector<2xf32>, f32, vector<2x4xf32>) {
  %a = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %b = arith.constant dense<[5, 6, 7, 8]> : vector<4xi32>
  %m2 = arith.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8]]> : vector<2x4xi32>
  %sh = vector.shuffle %a, %b [7, 0, 4] : vector<4xi32>, vector<4xi32>
  %es = vector.extract_strided_slice %m2 {offsets = [0, 1], sizes = [2, 2], strides = [1, 2]} : vector<2x4xi32> to vector<2x2xi32>
  %two = arith.constant dense<[9, 10]> : vector<2xi32>
  %is = vector.insert_strided_slice %two, %m2 {offsets = [1, 1], strides = [2]} : vector<2xi32> into vector<2x4xi32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cm = vector.create_mask %c1, %c2 : vector<2x3xi1>
  %km = vector.constant_mask [3] : vector<4xi1>
  // memory 0..7 as f32
  %mem = memref.alloc() : memref<2x4xf32>
  %c0 = arith.constant 0 : index
  %f = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0]]> : vector<2x4xf32>
  vector.store %f, %mem[%c0, %c0] : memref<2x4xf32>, vector<2x4xf32>
  %gi = arith.constant dense<[0, 3, 1, 2]> : vector<4xi32>
  %mask = arith.constant dense<[1, 1, 0, 1]> : vector<4xi1>
  %pass = arith.constant dense<-1.0> : vector<4xf32>
  // from [0, 2]: elements 2, 5, (pass), 4
  %g = vector.gather %mem[%c0, %c2] [%gi], %mask, %pass : memref<2x4xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  // expand from [1, 1]: 5, 6, (pass), 7
  %e = vector.expandload %mem[%c1, %c1], %mask, %pass : memref<2x4xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %acc = arith.constant dense<100> : vector<3xi32>
  %m23 = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi32>
  %mr = vector.multi_reduction <add>, %m23, %acc [0] : vector<2x3xi32> to vector<3xi32>
  %zero = arith.constant 0 : i32
  %mr2 = vector.multi_reduction <add>, %m23, %zero [0, 1] : vector<2x3xi32> to i32
  %init = arith.constant 10 : i32
  %sc:2 = vector.scan <add>, %a, %init {reduction_dim = 0 : i64, inclusive = false} : vector<4xi32>, i32
  %il = vector.interleave %a, %b : vector<4xi32> -> vector<8xi32>
  %d1, %d2 = vector.deinterleave %a : vector<4xi32> -> vector<2xi32>
  %st = vector.step : vector<4xindex>
  %x = arith.constant 2.5 : f32
  %y = arith.constant -1.0 : f32
  %fe = vector.from_elements %x, %y : vector<2xf32>
  %te:2 = vector.to_elements %fe : vector<2xf32>
  // compressstore lanes 0, 1, 3 of [10, 11, 12, 13] into [0, 1..]; then read row 0 and [1, 0..1]
  %cv = arith.constant dense<[10.0, 11.0, 12.0, 13.0]> : vector<4xf32>
  vector.compressstore %mem[%c0, %c1], %mask, %cv : memref<2x4xf32>, vector<4xi1>, vector<4xf32>
  %si = arith.constant dense<[4, 5, 6, 7]> : vector<4xi32>
  vector.scatter %mem[%c0, %c0] [%si], %mask, %cv : memref<2x4xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32>
  %r = vector.load %mem[%c0, %c0] : memref<2x4xf32>, vector<2x4xf32>
  return %sh, %es, %is, %cm, %km, %g, %e, %mr, %mr2, %sc#0, %sc#1, %il, %d1, %d2, %st, %fe, %te#1, %r : vector<3xi32>, vector<2x2xi32>, vector<2x4xi32>, vector<2x3xi1>, vector<4xi1>, vector<4xf32>, vector<4xf32>, vector<3xi32>, i32, vector<4xi32>, i32, vector<8xi32>, vector<2xi32>, vector<2xi32>, vector<4xindex>, vector<2xf32>, f32, vector<2x4xf32>
}
