// memref.dim folds to the size the defining view or subview was given and
// looks through memref.cast; a subview's constant operands fold, except
// strides whose static values would put the slice out of bounds (its
// offsets and sizes still fold). The CHECK lines are mlir-opt 22's output.
// RUN: strata-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @slices(%arg0: memref<8x16x4xf32>, %arg1: index) -> (memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>) {
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %c2 = arith.constant 2 : index
// CHECK-NEXT:   %subview = memref.subview %arg0[0, 0, 3] [1, 1, 15] [1, 1, %arg1] : memref<8x16x4xf32> to memref<1x1x15xf32, strided<[64, 4, ?], offset: 3>>
// CHECK-NEXT:   %cast = memref.cast %subview : memref<1x1x15xf32, strided<[64, 4, ?], offset: 3>> to memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>
// CHECK-NEXT:   %subview_0 = memref.subview %arg0[0, 0, 3] [1, 1, 2] [%c1, %c1, %c1] : memref<8x16x4xf32> to memref<1x1x2xf32, strided<[?, ?, ?], offset: 3>>
// CHECK-NEXT:   %cast_1 = memref.cast %subview_0 : memref<1x1x2xf32, strided<[?, ?, ?], offset: 3>> to memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>
// CHECK-NEXT:   %subview_2 = memref.subview %arg0[0, 0, 0] [1, 1, 15] [1, 1, %arg1] : memref<8x16x4xf32> to memref<1x1x15xf32, strided<[64, 4, ?]>>
// CHECK-NEXT:   %cast_3 = memref.cast %subview_2 : memref<1x1x15xf32, strided<[64, 4, ?]>> to memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>
// CHECK-NEXT:   %subview_4 = memref.subview %arg0[0, 0, 3] [1, 1, 2] [%c1, %c1, %c2] : memref<8x16x4xf32> to memref<1x1x2xf32, strided<[?, ?, ?], offset: 3>>
// CHECK-NEXT:   %cast_5 = memref.cast %subview_4 : memref<1x1x2xf32, strided<[?, ?, ?], offset: 3>> to memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>
// CHECK-NEXT:   return %cast, %cast_1, %cast_3, %cast_5 : memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @dims(%arg0: memref<8x16x4xf32>, %arg1: index, %arg2: index) -> (index, index, index, index) {
// CHECK-NEXT:   %c16 = arith.constant 16 : index
// CHECK-NEXT:   %c4 = arith.constant 4 : index
// CHECK-NEXT:   return %c16, %arg2, %arg2, %c4 : index, index, index, index
// CHECK-NEXT: }

func.func @slices(%m: memref<8x16x4xf32>, %a: index) -> (memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c15 = arith.constant 15 : index
  %c2 = arith.constant 2 : index
  %1 = memref.subview %m[%c0, %c0, %c3] [%c1, %c1, %c15] [%c1, %c1, %a] : memref<8x16x4xf32> to memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>
  %2 = memref.subview %m[%c0, %c0, %c3] [%c1, %c1, %c2] [%c1, %c1, %c1] : memref<8x16x4xf32> to memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>
  %3 = memref.subview %m[%c0, %c0, %c0] [%c1, %c1, %c15] [%c1, %c1, %a] : memref<8x16x4xf32> to memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>
  %4 = memref.subview %m[%c0, %c0, %c3] [%c1, %c1, %c2] [%c1, %c1, %c2] : memref<8x16x4xf32> to memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>
  return %1, %2, %3, %4 : memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>
}

func.func @dims(%m: memref<8x16x4xf32>, %a: index, %b: index) -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cast = memref.cast %m : memref<8x16x4xf32> to memref<?x?x?xf32>
  %d0 = memref.dim %cast, %c1 : memref<?x?x?xf32>
  %sv = memref.subview %m[0, 0, 0] [1, %a, %b] [1, 1, 1] : memref<8x16x4xf32> to memref<?x?xf32, strided<[4, 1]>>
  %d1 = memref.dim %sv, %c1 : memref<?x?xf32, strided<[4, 1]>>
  %buf = memref.alloc() : memref<2048xi8>
  %v = memref.view %buf[%c0][%a, %b] : memref<2048xi8> to memref<?x4x?xf32>
  %d2 = memref.dim %v, %c2 : memref<?x4x?xf32>
  %d3 = memref.dim %v, %c1 : memref<?x4x?xf32>
  return %d0, %d1, %d2, %d3 : index, index, index, index
}
