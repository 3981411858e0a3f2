// RUN: strata-opt %s --split-input-file "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s
// RUN: mlir-opt %s --split-input-file "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s
// RUN: strata-opt %s --split-input-file "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --verify-equivalence > /dev/null

// The payload of a structured op holds tensor ops of its own (a gather is
// a tensor.extract of a captured tensor): they read the captured tensor's
// buffer, as in MLIR.

// CHECK-LABEL: func.func @gather(%arg0: memref<4xf32>, %arg1: memref<3xindex>) -> memref<3xf32> {
// CHECK-NOT:     to_tensor
// CHECK:         %[[ALLOC:.*]] = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
// CHECK:         linalg.generic {{.*}} ins(%arg1 : memref<3xindex>) outs(%[[ALLOC]] : memref<3xf32>) {
// CHECK:           %[[I:.*]] = arith.remui %in, %c4 : index
// CHECK-NEXT:      %[[V:.*]] = memref.load %arg0[%[[I]]] : memref<4xf32>
// CHECK-NEXT:      linalg.yield %[[V]] : f32
func.func @gather(%t: tensor<4xf32>, %i: tensor<3xindex>) -> tensor<3xf32> {
  %e = tensor.empty() : tensor<3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%i : tensor<3xindex>) outs(%e : tensor<3xf32>) {
  ^bb0(%x: index, %o: f32):
    %c4 = arith.constant 4 : index
    %in_bounds = arith.remui %x, %c4 : index
    %v = tensor.extract %t[%in_bounds] : tensor<4xf32>
    linalg.yield %v : f32
  } -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// The payload reads the tensor the op writes, at another index: the
// output cannot reuse the argument's buffer.

// CHECK-LABEL: func.func @reverse(%arg0: memref<4xf32>) -> memref<4xf32> {
// CHECK:         %[[ALLOC:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK:         outs(%[[ALLOC]] : memref<4xf32>)
// CHECK:           memref.load %arg0[%{{.*}}] : memref<4xf32>
// CHECK:         return %[[ALLOC]] : memref<4xf32>
func.func @reverse(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%t : tensor<4xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %c3 = arith.constant 3 : index
    %j = arith.subi %c3, %i : index
    %v = tensor.extract %t[%j] : tensor<4xf32>
    linalg.yield %v : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
