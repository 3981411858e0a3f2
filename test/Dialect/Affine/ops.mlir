// RUN: %roundtrip --split-input-file %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt --split-input-file %s | %mlir-accepts --split-input-file

// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0, 10)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d0 * 2 + d1)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> (d0 floordiv 2)>
// CHECK-NEXT: #map3 = affine_map<(d0)[s0] -> (d0, s0)>
// CHECK-NEXT: #map4 = affine_map<(d0) -> (d0 + 4)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @loops(%arg0: memref<100x100xf32>, %arg1: index, %arg2: index, %arg3: f32) -> f32 {
// CHECK-NEXT: affine.for %arg4 = 0 to 10 {
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %arg4 = 0 to %arg1 step 2 {
// CHECK-NEXT: affine.for %arg5 = max #map(%arg4)[%arg1] to min #map(%arg4)[%arg2] {
// CHECK-NEXT: %2 = affine.load %arg0[%arg4 + 1, %arg5 * 2] : memref<100x100xf32>
// CHECK-NEXT: affine.store %2, %arg0[%arg4, symbol(%arg1)] : memref<100x100xf32>
// CHECK-NEXT: %3 = affine.apply #map1(%arg4, %arg5)
// CHECK-NEXT: %4 = affine.apply #map2(%arg4)
// CHECK-NEXT: %5 = affine.min #map(%arg4)[%arg1]
// CHECK-NEXT: %6 = affine.max #map3(%arg5)[%arg2]
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %0 = affine.for %arg4 = 0 to 10 iter_args(%arg5 = %arg3) -> (f32) {
// CHECK-NEXT: %2 = affine.load %arg0[%arg4, %arg4] : memref<100x100xf32>
// CHECK-NEXT: affine.yield %2 : f32
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %arg4 = %arg1 to #map4(%arg1) {
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %arg4 = #map1(%arg1, %arg2) to 5 {
// CHECK-NEXT: }
// CHECK-NEXT: %1 = affine.vector_load %arg0[%arg1, %arg2] : memref<100x100xf32>, vector<8xf32>
// CHECK-NEXT: affine.vector_store %1, %arg0[%arg1, %arg2 + 8] : memref<100x100xf32>, vector<8xf32>
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:

#map = affine_map<(d0)[s0] -> (d0 + s0, 10)>
#map1 = affine_map<(d0, d1) -> (d0 * 2 + d1)>
func.func @loops(%A: memref<100x100xf32>, %N: index, %M: index, %v: f32) -> f32 {
  affine.for %i = 0 to 10 {
  }
  affine.for %i = 0 to %N step 2 {
    affine.for %j = max #map(%i)[%N] to min #map(%i)[%M] {
      %x = affine.load %A[%i + 1, %j * 2] : memref<100x100xf32>
      affine.store %x, %A[%i, symbol(%N)] : memref<100x100xf32>
      %y = affine.apply #map1(%i, %j)
      %z = affine.apply affine_map<(d0) -> (d0 floordiv 2)>(%i)
      %m = affine.min #map(%i)[%N]
      %mx = affine.max affine_map<(d0)[s0] -> (d0, s0)>(%j)[%M]
    }
  }
  %r = affine.for %i = 0 to 10 iter_args(%acc = %v) -> (f32) {
    %s = affine.load %A[%i, %i] : memref<100x100xf32>
    affine.yield %s : f32
  }
  affine.for %i = %N to affine_map<(d0) -> (d0 + 4)>(%N) {
  }
  affine.for %i = #map1(%N, %M) to 5 {
  }
  %vl = affine.vector_load %A[%N, %M] : memref<100x100xf32>, vector<8xf32>
  affine.vector_store %vl, %A[%N, %M + 8] : memref<100x100xf32>, vector<8xf32>
  return %r : f32
}
// -----
// CHECK: #set = affine_set<(d0)[s0] : (d0 - 1 >= 0, -d0 + s0 - 1 >= 0)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @conditionals(%arg0: memref<100x100xf32>, %arg1: index, %arg2: index, %arg3: f32, %arg4: f32) -> f32 {
// CHECK-NEXT: affine.if #set(%arg1)[%arg2] {
// CHECK-NEXT: affine.store %arg3, %arg0[0, 0] : memref<100x100xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.store %arg3, %arg0[1, 1] : memref<100x100xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %0 = affine.if #set(%arg1)[%arg2] -> f32 {
// CHECK-NEXT: affine.yield %arg3 : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.yield %arg4 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:
#set = affine_set<(d0)[s0] : (d0 - 1 >= 0, s0 - d0 - 1 >= 0)>
func.func @conditionals(%A: memref<100x100xf32>, %N: index, %M: index, %v: f32, %r: f32) -> f32 {
  affine.if #set(%N)[%M] {
    affine.store %v, %A[0, 0] : memref<100x100xf32>
  } else {
    affine.store %v, %A[1, 1] : memref<100x100xf32>
  }
  %q = affine.if #set(%N)[%M] -> f32 {
    affine.yield %v : f32
  } else {
    affine.yield %r : f32
  }
  return %q : f32
}
