// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries | FileCheck %s
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries --verify-equivalence --equivalence-trials=4 > /dev/null
// RUN: strata-opt %s --one-shot-bufferize --verify-equivalence --equivalence-trials=4 > /dev/null
// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --verify-equivalence=loop --equivalence-trials=4 > /dev/null

// tensor.pad: a new buffer filled by the pad body (linalg.map with
// linalg.index), the source copied into the subview at the low padding;
// tensor.concat: one copy per input into its subview along the dimension;
// pad inside a loop on tensors. CHECK lines are mlir-opt 22's output.

// CHECK: module {
// CHECK-NEXT:   func.func @pad(%arg0: memref<2x3xf32, strided<[?, ?], offset: ?>>, %arg1: f32) -> memref<4x6xf32> {
// CHECK-NEXT:     %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x6xf32>
// CHECK-NEXT:     linalg.map outs(%alloc : memref<4x6xf32>)
// CHECK-NEXT:       (%init: f32) {
// CHECK-NEXT:         %0 = linalg.index 0 : index
// CHECK-NEXT:         %1 = linalg.index 1 : index
// CHECK-NEXT:         linalg.yield %arg1 : f32
// CHECK-NEXT:       }
// CHECK-NEXT:     %subview = memref.subview %alloc[1, 2] [2, 3] [1, 1] : memref<4x6xf32> to memref<2x3xf32, strided<[6, 1], offset: 8>>
// CHECK-NEXT:     memref.copy %arg0, %subview : memref<2x3xf32, strided<[?, ?], offset: ?>> to memref<2x3xf32, strided<[6, 1], offset: 8>>
// CHECK-NEXT:     %cast = memref.cast %alloc : memref<4x6xf32> to memref<4x6xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:     return %alloc : memref<4x6xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @pad_index(%arg0: memref<3xi32, strided<[?], offset: ?>>) -> memref<6xi32> {
// CHECK-NEXT:     %alloc = memref.alloc() {alignment = 64 : i64} : memref<6xi32>
// CHECK-NEXT:     linalg.map outs(%alloc : memref<6xi32>)
// CHECK-NEXT:       (%init: i32) {
// CHECK-NEXT:         %0 = linalg.index 0 : index
// CHECK-NEXT:         %1 = arith.index_cast %0 : index to i32
// CHECK-NEXT:         linalg.yield %1 : i32
// CHECK-NEXT:       }
// CHECK-NEXT:     %subview = memref.subview %alloc[2] [3] [1] : memref<6xi32> to memref<3xi32, strided<[1], offset: 2>>
// CHECK-NEXT:     memref.copy %arg0, %subview : memref<3xi32, strided<[?], offset: ?>> to memref<3xi32, strided<[1], offset: 2>>
// CHECK-NEXT:     %cast = memref.cast %alloc : memref<6xi32> to memref<6xi32, strided<[?], offset: ?>>
// CHECK-NEXT:     return %alloc : memref<6xi32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @concat(%arg0: memref<2x3xf32, strided<[?, ?], offset: ?>>, %arg1: memref<2x1xf32, strided<[?, ?], offset: ?>>) -> memref<2x4xf32> {
// CHECK-NEXT:     %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x4xf32>
// CHECK-NEXT:     %subview = memref.subview %alloc[0, 0] [2, 3] [1, 1] : memref<2x4xf32> to memref<2x3xf32, strided<[4, 1]>>
// CHECK-NEXT:     memref.copy %arg0, %subview : memref<2x3xf32, strided<[?, ?], offset: ?>> to memref<2x3xf32, strided<[4, 1]>>
// CHECK-NEXT:     %subview_0 = memref.subview %alloc[0, 3] [2, 1] [1, 1] : memref<2x4xf32> to memref<2x1xf32, strided<[4, 1], offset: 3>>
// CHECK-NEXT:     memref.copy %arg1, %subview_0 : memref<2x1xf32, strided<[?, ?], offset: ?>> to memref<2x1xf32, strided<[4, 1], offset: 3>>
// CHECK-NEXT:     %cast = memref.cast %alloc : memref<2x4xf32> to memref<2x4xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:     return %alloc : memref<2x4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @loop(%arg0: memref<4xf32, strided<[?], offset: ?>>, %arg1: index) -> memref<4xf32, strided<[?], offset: ?>> {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:     %0 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %arg0) -> (memref<4xf32, strided<[?], offset: ?>>) {
// CHECK-NEXT:       %alloc = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
// CHECK-NEXT:       linalg.map outs(%alloc : memref<6xf32>)
// CHECK-NEXT:         (%init: f32) {
// CHECK-NEXT:           %1 = linalg.index 0 : index
// CHECK-NEXT:           linalg.yield %cst : f32
// CHECK-NEXT:         }
// CHECK-NEXT:       %subview = memref.subview %alloc[1] [4] [1] : memref<6xf32> to memref<4xf32, strided<[1], offset: 1>>
// CHECK-NEXT:       memref.copy %arg3, %subview : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32, strided<[1], offset: 1>>
// CHECK-NEXT:       %subview_0 = memref.subview %alloc[0] [4] [1] : memref<6xf32> to memref<4xf32, strided<[1]>>
// CHECK-NEXT:       %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:       linalg.add ins(%subview_0, %arg3 : memref<4xf32, strided<[1]>>, memref<4xf32, strided<[?], offset: ?>>) outs(%alloc_1 : memref<4xf32>)
// CHECK-NEXT:       linalg.copy ins(%alloc_1 : memref<4xf32>) outs(%arg3 : memref<4xf32, strided<[?], offset: ?>>)
// CHECK-NEXT:       scf.yield %arg3 : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0 : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:   }
// CHECK-NEXT: }

func.func @pad(%t: tensor<2x3xf32>, %v: f32) -> tensor<4x6xf32> {
  %p = tensor.pad %t low[1, 2] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<2x3xf32> to tensor<4x6xf32>
  return %p : tensor<4x6xf32>
}

func.func @pad_index(%t: tensor<3xi32>) -> tensor<6xi32> {
  %p = tensor.pad %t low[2] high[1] {
  ^bb0(%i: index):
    %c = arith.index_cast %i : index to i32
    tensor.yield %c : i32
  } : tensor<3xi32> to tensor<6xi32>
  return %p : tensor<6xi32>
}

func.func @concat(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>) -> tensor<2x4xf32> {
  %c = tensor.concat dim(1) %a, %b : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  return %c : tensor<2x4xf32>
}

func.func @loop(%t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> (tensor<4xf32>) {
    %p = tensor.pad %acc low[1] high[1] {
    ^bb0(%k: index):
      tensor.yield %zero : f32
    } : tensor<4xf32> to tensor<6xf32>
    %s = tensor.extract_slice %p[0] [4] [1] : tensor<6xf32> to tensor<4xf32>
    %e = tensor.empty() : tensor<4xf32>
    %sum = linalg.add ins(%s, %acc : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %y = linalg.copy ins(%sum : tensor<4xf32>) outs(%acc : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
