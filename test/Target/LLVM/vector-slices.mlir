// vector.shuffle and the strided slices under the JIT (lane moves in the
// interpreter's row-major order), against the interpreter on seeded random
// inputs: a 1-D shuffle with a poison lane, a 2-D shuffle of rows,
// extract_strided_slice with a stride and with fewer offsets than
// dimensions, insert_strided_slice into a higher-rank vector with a stride;
// multi_reduction (f32 add over one dimension in the interpreter's order,
// i32 maxsi over all to a scalar), interleave/deinterleave,
// from_elements/to_elements.
// REQUIRES: llvm
// RUN: strata-run %s --entry slices --random-inputs --seed 11 --print > %t.i
// RUN: strata-run %s --entry slices --random-inputs --seed 11 --print --target jit > %t.j
// RUN: diff %t.i %t.j
// RUN: strata-run %s --entry reduce --random-inputs --seed 12 --print > %t.ri
// RUN: strata-run %s --entry reduce --random-inputs --seed 12 --print --target jit > %t.rj
// RUN: diff %t.ri %t.rj
// The outputs are not trivial: the shuffled lanes are the inputs'.
// RUN: FileCheck %s --input-file %t.j
// CHECK: tensor<8xi32> (memref<8xi32>)
// CHECK: tensor<3x4xf32> (memref<3x4xf32>)
// The largest lane of @reduce's input comes out of the maxsi reduction.
// RUN: FileCheck %s --check-prefix=RED --input-file %t.rj
// RED: dense<[{{.*}}]> : tensor<8xi32> (memref<8xi32>)
// RED: : tensor<i32> (memref<i32>)

func.func @slices(%a: memref<8xi32>, %m: memref<4x4xf32>, %o1: memref<8xi32>, %o2: memref<3x4xf32>, %o3: memref<2x3xf32>, %o4: memref<2x4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = vector.load %a[%c0] : memref<8xi32>, vector<8xi32>
  %lo = vector.extract_strided_slice %v {offsets = [1], sizes = [4], strides = [2]} : vector<8xi32> to vector<4xi32>
  %hi = vector.extract_strided_slice %v {offsets = [4], sizes = [4], strides = [1]} : vector<8xi32> to vector<4xi32>
  %s = vector.shuffle %lo, %hi [7, 0, 5, -1, 2, 4, 6, 1] : vector<4xi32>, vector<4xi32>
  vector.store %s, %o1[%c0] : memref<8xi32>, vector<8xi32>
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %m[%c0, %c0], %pad : memref<4x4xf32>, vector<4x4xf32>
  %r = vector.shuffle %x, %x [3, 5, 0] : vector<4x4xf32>, vector<4x4xf32>
  vector.transfer_write %r, %o2[%c0, %c0] : vector<3x4xf32>, memref<3x4xf32>
  %e = vector.extract_strided_slice %x {offsets = [1, 1], sizes = [2, 3], strides = [2, 1]} : vector<4x4xf32> to vector<2x3xf32>
  vector.transfer_write %e, %o3[%c0, %c0] : vector<2x3xf32>, memref<2x3xf32>
  %z = arith.constant dense<-1.0> : vector<2x4x4xf32>
  %i = vector.insert_strided_slice %e, %z {offsets = [1, 0, 1], strides = [2, 1]} : vector<2x3xf32> into vector<2x4x4xf32>
  vector.transfer_write %i, %o4[%c0, %c0, %c0] : vector<2x4x4xf32>, memref<2x4x4xf32>
  return
}

func.func @reduce(%m: memref<4x4xf32>, %a: memref<8xi32>, %o1: memref<4xf32>, %o2: memref<8xi32>, %o3: memref<2xf32>, %o4: memref<i32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %m[%c0, %c0], %pad : memref<4x4xf32>, vector<4x4xf32>
  %acc = arith.constant dense<[0.5, -0.25, 1.0e+07, 3.0]> : vector<4xf32>
  %cols = vector.multi_reduction <add>, %x, %acc [0] : vector<4x4xf32> to vector<4xf32>
  vector.store %cols, %o1[%c0] : memref<4xf32>, vector<4xf32>
  %v = vector.load %a[%c0] : memref<8xi32>, vector<8xi32>
  %lo = vector.extract_strided_slice %v {offsets = [0], sizes = [4], strides = [1]} : vector<8xi32> to vector<4xi32>
  %hi = vector.extract_strided_slice %v {offsets = [4], sizes = [4], strides = [1]} : vector<8xi32> to vector<4xi32>
  %il = vector.interleave %hi, %lo : vector<4xi32> -> vector<8xi32>
  %e, %d = vector.deinterleave %il : vector<8xi32> -> vector<4xi32>
  %back = vector.shuffle %d, %e [0, 1, 2, 3, 4, 5, 6, 7] : vector<4xi32>, vector<4xi32>
  vector.store %back, %o2[%c0] : memref<8xi32>, vector<8xi32>
  %sq = vector.shape_cast %back : vector<8xi32> to vector<2x4xi32>
  %low = arith.constant -2147483648 : i32
  %mx = vector.multi_reduction <maxsi>, %sq, %low [0, 1] : vector<2x4xi32> to i32
  %c1 = vector.extract %cols[1] : f32 from vector<4xf32>
  %c3 = vector.extract %cols[3] : f32 from vector<4xf32>
  %fe = vector.from_elements %c3, %c1 : vector<2xf32>
  %t:2 = vector.to_elements %fe : vector<2xf32>
  %sum = arith.addf %t#0, %t#1 : f32
  %pair = vector.from_elements %sum, %t#0 : vector<2xf32>
  vector.store %pair, %o3[%c0] : memref<2xf32>, vector<2xf32>
  memref.store %mx, %o4[] : memref<i32>
  return
}
