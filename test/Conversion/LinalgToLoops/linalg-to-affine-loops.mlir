
// CHECK: #map = affine_map<(d0, d1) -> (d0 * 2 + d1)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @matmul(%arg0: memref<4x8xf32>, %arg1: memref<8x16xf32>, %arg2: memref<4x16xf32>) {
// CHECK-NEXT: affine.for %arg3 = 0 to 4 {
// CHECK-NEXT: affine.for %arg4 = 0 to 16 {
// CHECK-NEXT: affine.for %arg5 = 0 to 8 {
// CHECK-NEXT: %0 = affine.load %arg0[%arg3, %arg5] : memref<4x8xf32>
// CHECK-NEXT: %1 = affine.load %arg1[%arg5, %arg4] : memref<8x16xf32>
// CHECK-NEXT: %2 = affine.load %arg2[%arg3, %arg4] : memref<4x16xf32>
// CHECK-NEXT: %3 = arith.mulf %0, %1 : f32
// CHECK-NEXT: %4 = arith.addf %2, %3 : f32
// CHECK-NEXT: affine.store %4, %arg2[%arg3, %arg4] : memref<4x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @conv_strided(%arg0: memref<1x3x9x9xf32>, %arg1: memref<2x3x3x3xf32>, %arg2: memref<1x2x4x4xf32>) {
// CHECK-NEXT: affine.for %arg3 = 0 to 1 {
// CHECK-NEXT: affine.for %arg4 = 0 to 2 {
// CHECK-NEXT: affine.for %arg5 = 0 to 4 {
// CHECK-NEXT: affine.for %arg6 = 0 to 4 {
// CHECK-NEXT: affine.for %arg7 = 0 to 3 {
// CHECK-NEXT: affine.for %arg8 = 0 to 3 {
// CHECK-NEXT: affine.for %arg9 = 0 to 3 {
// CHECK-NEXT: %0 = affine.apply #map(%arg5, %arg8)
// CHECK-NEXT: %1 = affine.apply #map(%arg6, %arg9)
// CHECK-NEXT: %2 = affine.load %arg0[%arg3, %arg7, %0, %1] : memref<1x3x9x9xf32>
// CHECK-NEXT: %3 = affine.load %arg1[%arg4, %arg7, %arg8, %arg9] : memref<2x3x3x3xf32>
// CHECK-NEXT: %4 = affine.load %arg2[%arg3, %arg4, %arg5, %arg6] : memref<1x2x4x4xf32>
// CHECK-NEXT: %5 = arith.mulf %2, %3 : f32
// CHECK-NEXT: %6 = arith.addf %4, %5 : f32
// CHECK-NEXT: affine.store %6, %arg2[%arg3, %arg4, %arg5, %arg6] : memref<1x2x4x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @fill_dynamic(%arg0: memref<?x?xi32>, %arg1: i32) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?xi32>
// CHECK-NEXT: %dim_0 = memref.dim %arg0, %c1 : memref<?x?xi32>
// CHECK-NEXT: affine.for %arg2 = 0 to %dim {
// CHECK-NEXT: affine.for %arg3 = 0 to %dim_0 {
// CHECK-NEXT: affine.store %arg1, %arg0[%arg2, %arg3] : memref<?x?xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @generic_index(%arg0: memref<5xi32>, %arg1: memref<5xi32>) {
// CHECK-NEXT: affine.for %arg2 = 0 to 5 {
// CHECK-NEXT: %0 = affine.load %arg0[%arg2] : memref<5xi32>
// CHECK-NEXT: %1 = arith.index_cast %arg2 : index to i32
// CHECK-NEXT: %2 = arith.muli %0, %1 : i32
// CHECK-NEXT: affine.store %2, %arg1[%arg2] : memref<5xi32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @reduce_sum(%arg0: memref<3x7xi32>, %arg1: memref<3xi32>) {
// CHECK-NEXT: affine.for %arg2 = 0 to 3 {
// CHECK-NEXT: affine.for %arg3 = 0 to 7 {
// CHECK-NEXT: %0 = affine.load %arg0[%arg2, %arg3] : memref<3x7xi32>
// CHECK-NEXT: %1 = affine.load %arg1[%arg2] : memref<3xi32>
// CHECK-NEXT: %2 = arith.addi %0, %1 : i32
// CHECK-NEXT: affine.store %2, %arg1[%arg2] : memref<3xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @transpose(%arg0: memref<2x3xf32>, %arg1: memref<3x2xf32>) {
// CHECK-NEXT: affine.for %arg2 = 0 to 3 {
// CHECK-NEXT: affine.for %arg3 = 0 to 2 {
// CHECK-NEXT: %0 = affine.load %arg0[%arg3, %arg2] : memref<2x3xf32>
// CHECK-NEXT: affine.store %0, %arg1[%arg2, %arg3] : memref<3x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @broadcast_map(%arg0: memref<3xf32>, %arg1: memref<3x4xf32>, %arg2: memref<3x4xf32>) {
// CHECK-NEXT: affine.for %arg3 = 0 to 3 {
// CHECK-NEXT: affine.for %arg4 = 0 to 4 {
// CHECK-NEXT: %0 = affine.load %arg0[%arg3] : memref<3xf32>
// CHECK-NEXT: affine.store %0, %arg1[%arg3, %arg4] : memref<3x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %arg3 = 0 to 3 {
// CHECK-NEXT: affine.for %arg4 = 0 to 4 {
// CHECK-NEXT: %0 = affine.load %arg1[%arg3, %arg4] : memref<3x4xf32>
// CHECK-NEXT: %1 = affine.load %arg1[%arg3, %arg4] : memref<3x4xf32>
// CHECK-NEXT: %2 = arith.mulf %0, %1 : f32
// CHECK-NEXT: affine.store %2, %arg2[%arg3, %arg4] : memref<3x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @pooling_max(%arg0: memref<1x6x6x2xf32>, %arg1: memref<2x2xf32>, %arg2: memref<1x3x3x2xf32>) {
// CHECK-NEXT: affine.for %arg3 = 0 to 1 {
// CHECK-NEXT: affine.for %arg4 = 0 to 3 {
// CHECK-NEXT: affine.for %arg5 = 0 to 3 {
// CHECK-NEXT: affine.for %arg6 = 0 to 2 {
// CHECK-NEXT: affine.for %arg7 = 0 to 2 {
// CHECK-NEXT: affine.for %arg8 = 0 to 2 {
// CHECK-NEXT: %0 = affine.apply #map(%arg4, %arg7)
// CHECK-NEXT: %1 = affine.apply #map(%arg5, %arg8)
// CHECK-NEXT: %2 = affine.load %arg0[%arg3, %0, %1, %arg6] : memref<1x6x6x2xf32>
// CHECK-NEXT: %3 = affine.load %arg2[%arg3, %arg4, %arg5, %arg6] : memref<1x3x3x2xf32>
// CHECK-NEXT: %4 = arith.maximumf %3, %2 : f32
// CHECK-NEXT: affine.store %4, %arg2[%arg3, %arg4, %arg5, %arg6] : memref<1x3x3x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @batch_matmul_dynamic(%arg0: memref<2x?x4xi32>, %arg1: memref<2x4x?xi32>, %arg2: memref<2x?x?xi32>) {
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %dim = memref.dim %arg0, %c1 : memref<2x?x4xi32>
// CHECK-NEXT: %dim_0 = memref.dim %arg1, %c2 : memref<2x4x?xi32>
// CHECK-NEXT: affine.for %arg3 = 0 to 2 {
// CHECK-NEXT: affine.for %arg4 = 0 to %dim {
// CHECK-NEXT: affine.for %arg5 = 0 to %dim_0 {
// CHECK-NEXT: affine.for %arg6 = 0 to 4 {
// CHECK-NEXT: %0 = affine.load %arg0[%arg3, %arg4, %arg6] : memref<2x?x4xi32>
// CHECK-NEXT: %1 = affine.load %arg1[%arg3, %arg6, %arg5] : memref<2x4x?xi32>
// CHECK-NEXT: %2 = affine.load %arg2[%arg3, %arg4, %arg5] : memref<2x?x?xi32>
// CHECK-NEXT: %3 = arith.muli %0, %1 : i32
// CHECK-NEXT: %4 = arith.addi %2, %3 : i32
// CHECK-NEXT: affine.store %4, %arg2[%arg3, %arg4, %arg5] : memref<2x?x?xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @on_tensors(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: %0 = linalg.copy ins(%arg0 : tensor<4xf32>) outs(%arg1 : tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %0 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:

// convert-linalg-to-affine-loops: structured ops on memrefs become affine.for nests with affine.load/store
// (output as mlir-opt 22's), and every function computes the same before
// and after on random inputs.
// RUN: strata-opt %s --convert-linalg-to-affine-loops | FileCheck %s
// RUN: strata-opt %s --convert-linalg-to-affine-loops --verify-equivalence --equivalence-trials=5 > /dev/null
// RUN: strata-opt %s --pass-pipeline="builtin.module(convert-linalg-to-affine-loops,lower-affine,convert-scf-to-cf)" --verify-equivalence --equivalence-seed=9 > /dev/null
// REQUIRES: mlir-opt
// RUN: strata-opt %s --convert-linalg-to-affine-loops | %mlir-accepts > /dev/null

func.func @matmul(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
  return
}

func.func @conv_strided(%i: memref<1x3x9x9xf32>, %f: memref<2x3x3x3xf32>, %o: memref<1x2x4x4xf32>) {
  linalg.conv_2d_nchw_fchw {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%i, %f : memref<1x3x9x9xf32>, memref<2x3x3x3xf32>) outs(%o : memref<1x2x4x4xf32>)
  return
}

func.func @fill_dynamic(%a: memref<?x?xi32>, %v: i32) {
  linalg.fill ins(%v : i32) outs(%a : memref<?x?xi32>)
  return
}

func.func @generic_index(%a: memref<5xi32>, %b: memref<5xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<5xi32>) outs(%b : memref<5xi32>) {
  ^bb0(%in: i32, %out: i32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %r = arith.muli %in, %ii : i32
    linalg.yield %r : i32
  }
  return
}

func.func @reduce_sum(%a: memref<3x7xi32>, %acc: memref<3xi32>) {
  linalg.reduce ins(%a : memref<3x7xi32>) outs(%acc : memref<3xi32>) dimensions = [1]
    (%x: i32, %y: i32) {
      %s = arith.addi %x, %y : i32
      linalg.yield %s : i32
    }
  return
}

func.func @transpose(%a: memref<2x3xf32>, %b: memref<3x2xf32>) {
  linalg.transpose ins(%a : memref<2x3xf32>) outs(%b : memref<3x2xf32>) permutation = [1, 0]
  return
}

func.func @broadcast_map(%a: memref<3xf32>, %b: memref<3x4xf32>, %c: memref<3x4xf32>) {
  linalg.broadcast ins(%a : memref<3xf32>) outs(%b : memref<3x4xf32>) dimensions = [1]
  linalg.map { arith.mulf } ins(%b, %b : memref<3x4xf32>, memref<3x4xf32>) outs(%c : memref<3x4xf32>)
  return
}

func.func @pooling_max(%i: memref<1x6x6x2xf32>, %w: memref<2x2xf32>, %o: memref<1x3x3x2xf32>) {
  linalg.pooling_nhwc_max {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%i, %w : memref<1x6x6x2xf32>, memref<2x2xf32>) outs(%o : memref<1x3x3x2xf32>)
  return
}

func.func @batch_matmul_dynamic(%a: memref<2x?x4xi32>, %b: memref<2x4x?xi32>, %c: memref<2x?x?xi32>) {
  linalg.batch_matmul ins(%a, %b : memref<2x?x4xi32>, memref<2x4x?xi32>) outs(%c : memref<2x?x?xi32>)
  return
}

// Ops on tensors are left alone.
func.func @on_tensors(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.copy ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
