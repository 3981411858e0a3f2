// RUN: strata-run %s --entry views --print | FileCheck %s
// RUN: not strata-run %s --entry uninit 2>&1 | FileCheck %s --check-prefix=UNINIT
// RUN: not strata-run %s --entry freed 2>&1 | FileCheck %s --check-prefix=FREED
// RUN: not strata-run %s --entry bad_subview --random-inputs 2>&1 | FileCheck %s --check-prefix=SUBVIEW
// Memref views alias their buffer: writes through a subview, a collapsed
// or expanded shape and a reinterpret_cast are seen through the others;
// globals start from their initial value; errors carry the op's location.

// CHECK: dense<{{\[\[}}0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+02, 6.000000e+02, 7.000000e+00], [8.000000e+00, 9.000000e+02, 1.000000e+03, 1.100000e+01]]> : tensor<3x4xf32>
// CHECK-NEXT: 9.000000e+02 : f32
// CHECK-NEXT: 9.000000e+02 : f32
// CHECK-NEXT: 7.000000e+00 : f32
// CHECK-NEXT: 2 : index
// CHECK-NEXT: 3.500000e+00 : f32
// UNINIT: memref.mlir:{{[0-9]+}}:8: error: read of uninitialized memory at [2]
// FREED: error: access to deallocated memory
// SUBVIEW: error: subview out of bounds: dimension 1 takes 3 elements from offset 2 with stride 1 of a source of size 4

memref.global "private" constant @g : memref<2xf32> = dense<[1.5, 3.5]>

func.func @views() -> (memref<3x4xf32>, f32, f32, f32, index, f32) {
  %m = memref.alloc() : memref<3x4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 4 + d1)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %kf = arith.sitofp %ki : i32 to f32
      memref.store %kf, %m[%i, %j] : memref<3x4xf32>
    }
  }
  // The 2x2 block at [1, 1] scaled by 100 through a subview.
  %s = memref.subview %m[1, 1] [2, 2] [1, 1] : memref<3x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
  %hundred = arith.constant 100.0 : f32
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %v = memref.load %s[%i, %j] : memref<2x2xf32, strided<[4, 1], offset: 5>>
      %w = arith.mulf %v, %hundred : f32
      memref.store %w, %s[%i, %j] : memref<2x2xf32, strided<[4, 1], offset: 5>>
    }
  }
  %flat = memref.collapse_shape %m [[0, 1]] : memref<3x4xf32> into memref<12xf32>
  %c9 = arith.constant 9 : index
  %a = memref.load %flat[%c9] : memref<12xf32>
  %e = memref.expand_shape %flat [[0, 1, 2]] output_shape [2, 3, 2] : memref<12xf32> into memref<2x3x2xf32>
  %b = memref.load %e[%c1, %c1, %c1] : memref<2x3x2xf32>
  %r = memref.reinterpret_cast %m to offset: [3], sizes: [2], strides: [4] : memref<3x4xf32> to memref<2xf32, strided<[4], offset: 3>>
  %c = memref.load %r[%c1] : memref<2xf32, strided<[4], offset: 3>>
  %d = memref.dim %s, %c0 : memref<2x2xf32, strided<[4, 1], offset: 5>>
  %gm = memref.get_global @g : memref<2xf32>
  %gv = memref.load %gm[%c1] : memref<2xf32>
  return %m, %a, %b, %c, %d, %gv : memref<3x4xf32>, f32, f32, f32, index, f32
}

func.func @uninit() -> f32 {
  %m = memref.alloca() : memref<4xf32>
  %c2 = arith.constant 2 : index
  %v = memref.load %m[%c2] : memref<4xf32>
  return %v : f32
}

func.func @freed() -> f32 {
  %m = memref.alloc() : memref<4xf32>
  %c2 = arith.constant 2 : index
  %x = arith.constant 1.0 : f32
  memref.store %x, %m[%c2] : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  %v = memref.load %m[%c2] : memref<4xf32>
  return %v : f32
}

func.func @bad_subview(%m: memref<4x4xf32>) -> f32 {
  %o = arith.constant 2 : index
  %s = memref.subview %m[0, %o] [2, 3] [1, 1] : memref<4x4xf32> to memref<2x3xf32, strided<[4, 1], offset: ?>>
  %c0 = arith.constant 0 : index
  %v = memref.load %s[%c0, %c0] : memref<2x3xf32, strided<[4, 1], offset: ?>>
  return %v : f32
}
