// RUN: strata-run %s --entry main --print | FileCheck %s
// atomic_rmw and generic_atomic_rmw return the element read and store
// the combined value; transpose and extract_strided_metadata describe the
// same buffer with permuted sizes and strides.

// CHECK: 1.500000e+00 : f32
// CHECK-NEXT: 4.000000e+00 : f32
// CHECK-NEXT: 7 : i32
// CHECK-NEXT: 8.000000e+00 : f32
// CHECK-NEXT: -3 : i32
// CHECK-NEXT: 6.000000e+00 : f32
// CHECK-NEXT: 3 : index
// CHECK-NEXT: 1 : index

func.func @main() -> (f32, f32, i32, f32, i32, f32, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f = memref.alloc() : memref<2x3xf32>
  %i = memref.alloc() : memref<2xi32>
  %one_half = arith.constant 1.5 : f32
  %two_half = arith.constant 2.5 : f32
  %seven = arith.constant 7 : i32
  %minus3 = arith.constant -3 : i32
  memref.store %one_half, %f[%c1, %c2] : memref<2x3xf32>
  memref.store %seven, %i[%c0] : memref<2xi32>
  // old 1.5, new 4.0
  %a = memref.atomic_rmw addf %two_half, %f[%c1, %c2] : (f32, memref<2x3xf32>) -> f32
  // new is max(4.0, 2.5): the read returns 4.0
  %m = memref.atomic_rmw maximumf %two_half, %f[%c1, %c2] : (f32, memref<2x3xf32>) -> f32
  // mins(7, -3) = -3 stored, 7 returned
  %s = memref.atomic_rmw mins %minus3, %i[%c0] : (i32, memref<2xi32>) -> i32
  // 4.0 * 2 = 8.0 stored, 4.0 returned (ignored); read back 8.0
  %g = memref.generic_atomic_rmw %f[%c1, %c2] : memref<2x3xf32> {
  ^bb0(%old: f32):
    %t = arith.addf %old, %old : f32
    memref.atomic_yield %t : f32
  }
  %t = memref.transpose %f (d0, d1) -> (d1, d0) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
  %through_t = memref.load %t[%c2, %c1] : memref<3x2xf32, strided<[1, 3]>>
  %r = memref.load %i[%c0] : memref<2xi32>
  // 6.0 written through the transposed view is seen in the original
  %six = arith.constant 6.0 : f32
  memref.store %six, %t[%c0, %c1] : memref<3x2xf32, strided<[1, 3]>>
  %back = memref.load %f[%c1, %c0] : memref<2x3xf32>
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %t : memref<3x2xf32, strided<[1, 3]>> -> memref<f32>, index, index, index, index, index
  return %a, %m, %s, %through_t, %r, %back, %sizes#0, %strides#0 : f32, f32, i32, f32, i32, f32, index, index
}
