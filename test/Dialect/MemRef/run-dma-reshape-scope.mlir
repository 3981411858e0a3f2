// RUN: strata-run %s --entry main --print | FileCheck %s
// RUN: strata-opt %s --canonicalize | strata-run - --entry main --print | FileCheck %s
// The interpreter runs memref.dma_start (a row-major copy of num_elements
// elements between the two index positions), dma_wait, memref.reshape (the
// same elements seen with the stored shape), alloca_scope (its body's
// yielded values) and the hints (no effect).

memref.global "private" constant @g : memref<2x4xf32> = dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0]]>

func.func @main() -> (f32, f32, f32, f32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %g = memref.get_global @g : memref<2x4xf32>
  %a = memref.assume_alignment %g, 16 : memref<2x4xf32>
  memref.prefetch %a[%c0, %c1], read, locality<3>, data : memref<2x4xf32>
  // Elements 3, 4, 5 of @g (row 0 col 3 onwards) to dst[1..4].
  %dst = memref.alloc() : memref<5xf32>
  %tag = memref.alloc() : memref<1xi32>
  memref.dma_start %a[%c0, %c3], %dst[%c1], %c3, %tag[%c0] : memref<2x4xf32>, memref<5xf32>, memref<1xi32>
  memref.dma_wait %tag[%c0], %c3 : memref<1xi32>
  %d1 = memref.load %dst[%c1] : memref<5xf32>
  %d3 = memref.load %dst[%c3] : memref<5xf32>
  %shape = memref.alloc() : memref<1xindex>
  memref.store %c8, %shape[%c0] : memref<1xindex>
  %flat = memref.reshape %a(%shape) : (memref<2x4xf32>, memref<1xindex>) -> memref<?xf32>
  %f5 = memref.load %flat[%c5] : memref<?xf32>
  %n = memref.dim %flat, %c0 : memref<?xf32>
  %s = memref.alloca_scope -> (f32) {
    %t = memref.alloca() : memref<2xf32>
    %v = memref.load %flat[%c2] : memref<?xf32>
    memref.store %v, %t[%c1] : memref<2xf32>
    %w = memref.load %t[%c1] : memref<2xf32>
    memref.alloca_scope.return %w : f32
  }
  memref.dealloc %dst : memref<5xf32>
  memref.dealloc %tag : memref<1xi32>
  memref.dealloc %shape : memref<1xindex>
  return %d1, %d3, %f5, %s, %n : f32, f32, f32, f32, index
}
// CHECK: 3.000000e+00 : f32
// CHECK-NEXT: 5.000000e+00 : f32
// CHECK-NEXT: 5.000000e+00 : f32
// CHECK-NEXT: 2.000000e+00 : f32
// CHECK-NEXT: 8 : index
