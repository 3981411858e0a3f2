// RUN: strata-opt %s "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline | FileCheck %s
// RUN: strata-opt %s "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline --verify-equivalence=mlp > /dev/null
// RUN: strata-opt %s "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | not strata-run - --entry mlp --input 3 --random-inputs --check-leaks 2>&1 | FileCheck %s --check-prefix=LEAK
// RUN: strata-opt %s "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline | strata-run - --entry mlp --input 3 --random-inputs --check-leaks

// A tensor loop bufferized, then freed as MLIR's pipeline frees it: the two
// temporaries of each iteration at the end of the loop body, the returned
// result kept. Three iterations leak six buffers without the pass.
// LEAK: 6 buffer(s) allocated by '@mlp' are never deallocated

// CHECK: module {
// CHECK-NEXT:   func.func @mlp(%arg0: index, %arg1: memref<4x8xf32>, %arg2: memref<8x8xf32>) -> memref<4x8xf32> {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:     scf.for %arg3 = %c0 to %arg0 step %c1 {
// CHECK-NEXT:       %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
// CHECK-NEXT:       linalg.fill ins(%cst : f32) outs(%alloc_0 : memref<4x8xf32>)
// CHECK-NEXT:       linalg.matmul ins(%arg1, %arg2 : memref<4x8xf32>, memref<8x8xf32>) outs(%alloc_0 : memref<4x8xf32>)
// CHECK-NEXT:       %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
// CHECK-NEXT:       linalg.add ins(%alloc_0, %arg1 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_1 : memref<4x8xf32>)
// CHECK-NEXT:       linalg.copy ins(%alloc_1 : memref<4x8xf32>) outs(%arg1 : memref<4x8xf32>)
// CHECK-NEXT:       memref.dealloc %alloc_0 : memref<4x8xf32>
// CHECK-NEXT:       memref.dealloc %alloc_1 : memref<4x8xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
// CHECK-NEXT:     linalg.add ins(%arg1, %arg1 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc : memref<4x8xf32>)
// CHECK-NEXT:     return %alloc : memref<4x8xf32>
// CHECK-NEXT: }

func.func @mlp(%n: index, %x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> tensor<4x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<4x8xf32>) {
    %e = tensor.empty() : tensor<4x8xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
    %m = linalg.matmul ins(%acc, %w : tensor<4x8xf32>, tensor<8x8xf32>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
    %t = tensor.empty() : tensor<4x8xf32>
    %s = linalg.add ins(%m, %acc : tensor<4x8xf32>, tensor<4x8xf32>) outs(%t : tensor<4x8xf32>) -> tensor<4x8xf32>
    %y = linalg.copy ins(%s : tensor<4x8xf32>) outs(%acc : tensor<4x8xf32>) -> tensor<4x8xf32>
    scf.yield %y : tensor<4x8xf32>
  }
  %e2 = tensor.empty() : tensor<4x8xf32>
  %out = linalg.add ins(%r, %r : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e2 : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %out : tensor<4x8xf32>
}
