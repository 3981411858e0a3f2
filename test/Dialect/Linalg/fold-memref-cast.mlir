// The fold of generic and the named structured ops (MLIR's
// memref::foldMemRefCast): operands produced by memref.cast from a ranked
// memref become the cast's source. CHECK lines are mlir-opt 22's output.
// RUN: strata-opt %s --canonicalize | FileCheck %s
// RUN: strata-opt %s --canonicalize --verify-equivalence > /dev/null

func.func @matmul_through_casts(%a: memref<4x8xf32>, %b: memref<8x2xf32>, %c: memref<4x2xf32>) {
  %ca = memref.cast %a : memref<4x8xf32> to memref<?x?xf32>
  %cb = memref.cast %b : memref<8x2xf32> to memref<?x2xf32>
  %cc = memref.cast %c : memref<4x2xf32> to memref<?x?xf32>
  linalg.matmul ins(%ca, %cb : memref<?x?xf32>, memref<?x2xf32>) outs(%cc : memref<?x?xf32>)
  return
}
func.func @generic_through_cast(%a: memref<6xf32>, %b: memref<6xf32>) {
  %ca = memref.cast %a : memref<6xf32> to memref<?xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%ca : memref<?xf32>) outs(%b : memref<6xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  return
}

// CHECK: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @matmul_through_casts(%arg0: memref<4x8xf32>, %arg1: memref<8x2xf32>, %arg2: memref<4x2xf32>) {
// CHECK-NEXT: linalg.matmul ins(%arg0, %arg1 : memref<4x8xf32>, memref<8x2xf32>) outs(%arg2 : memref<4x2xf32>)
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @generic_through_cast(%arg0: memref<6xf32>, %arg1: memref<6xf32>) {
// CHECK-NEXT: linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : memref<6xf32>) outs(%arg1 : memref<6xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: %0 = arith.addf %in, %out : f32
// CHECK-NEXT: linalg.yield %0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
