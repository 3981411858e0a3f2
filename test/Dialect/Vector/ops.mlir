// RUN: %roundtrip %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts

// Every op of the subset in MLIR 22's custom syntax: defaults left out
// (transfer permutation maps and all-false in_bounds, the kind of an
// outer product without accumulator, fastmath<none>), MLIR's spacing kept
// (`vector.insert %v, %d [1, 2]`). vector.splat is gone in MLIR 22: a
// scalar vector.broadcast replaces it. CHECK lines are mlir-opt 22's output.

// CHECK: #map = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-NEXT: #map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-NEXT: #map3 = affine_map<(d0, d1) -> (d0)>
// CHECK-NEXT: #map4 = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map5 = affine_map<(d0) -> ()>
// CHECK-NEXT: #map6 = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: #map7 = affine_map<(d0, d1) -> (0)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @f(%arg0: memref<8x8xf32>, %arg1: index, %arg2: f32, %arg3: vector<8xf32>, %arg4: vector<2x4xf32>, %arg5: vector<4x3xf32>, %arg6: vector<2x3xf32>, %arg7: vector<8xi1>) -> f32 {
// CHECK-NEXT: %0 = vector.load %arg0[%arg1, %arg1] : memref<8x8xf32>, vector<8xf32>
// CHECK-NEXT: vector.store %0, %arg0[%arg1, %arg1] : memref<8x8xf32>, vector<8xf32>
// CHECK-NEXT: %1 = vector.broadcast %arg2 : f32 to vector<8xf32>
// CHECK-NEXT: %2 = vector.fma %0, %1, %arg3 : vector<8xf32>
// CHECK-NEXT: %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %arg4, %arg5, %arg6 : vector<2x4xf32>, vector<4x3xf32> into vector<2x3xf32>
// CHECK-NEXT: %4 = vector.reduction <add>, %2 : vector<8xf32> into f32
// CHECK-NEXT: %5 = vector.transfer_read %arg0[%arg1, %arg1], %arg2 {in_bounds = [true]} : memref<8x8xf32>, vector<8xf32>
// CHECK-NEXT: %6 = vector.transfer_read %arg0[%arg1, %arg1], %arg2 {permutation_map = #map3} : memref<8x8xf32>, vector<8xf32>
// CHECK-NEXT: vector.transfer_write %5, %arg0[%arg1, %arg1] : vector<8xf32>, memref<8x8xf32>
// CHECK-NEXT: %7 = vector.extract %arg4[0, 1] : f32 from vector<2x4xf32>
// CHECK-NEXT: %8 = vector.insert %7, %arg4 [1, 2] : f32 into vector<2x4xf32>
// CHECK-NEXT: %9 = vector.shape_cast %arg4 : vector<2x4xf32> to vector<8xf32>
// CHECK-NEXT: %10 = vector.outerproduct %0, %1 : vector<8xf32>, vector<8xf32>
// CHECK-NEXT: %11 = vector.outerproduct %0, %arg2, %arg3 {kind = #vector.kind<add>} : vector<8xf32>, f32
// CHECK-NEXT: %12 = vector.maskedload %arg0[%arg1, %arg1], %arg7, %arg3 : memref<8x8xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK-NEXT: %13 = vector.extract %arg4[1] : vector<4xf32> from vector<2x4xf32>
// CHECK-NEXT: %14 = vector.reduction <maxnumf>, %2, %arg2 : vector<8xf32> into f32
// CHECK-NEXT: %15 = vector.broadcast %13 : vector<4xf32> to vector<3x4xf32>
// CHECK-NEXT: %16 = vector.transpose %arg4, [1, 0] : vector<2x4xf32> to vector<4x2xf32>
// CHECK-NEXT: vector.maskedstore %arg0[%arg1, %arg1], %arg7, %arg3 : memref<8x8xf32>, vector<8xi1>, vector<8xf32>
// CHECK-NEXT: %17 = vector.extract %arg4[%arg1, 1] : f32 from vector<2x4xf32>
// CHECK-NEXT: %18 = vector.insert %arg2, %arg3 [%arg1] : f32 into vector<8xf32>
// CHECK-NEXT: %19 = vector.contract {indexing_maps = [#map4, #map4, #map5], iterator_types = ["reduction"], kind = #vector.kind<maxnumf>} %arg3, %arg3, %arg2 : vector<8xf32>, vector<8xf32> into f32
// CHECK-NEXT: return %4 : f32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @g(%arg0: vector<2x4xf32>, %arg1: vector<4x3xf32>, %arg2: vector<2x3xf32>, %arg3: vector<8xf32>, %arg4: vector<4xf32>, %arg5: memref<8x8xf32>, %arg6: index, %arg7: f32, %arg8: vector<8x4xf32>, %arg9: tensor<8x8xf32>) -> vector<2x3xf32> {
// CHECK-NEXT: %0 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %arg0, %arg1, %arg2 : vector<2x4xf32>, vector<4x3xf32> into vector<2x3xf32>
// CHECK-NEXT: %1 = vector.outerproduct %arg3, %arg4, %arg8 {kind = #vector.kind<add>} : vector<8xf32>, vector<4xf32>
// CHECK-NEXT: %2 = vector.outerproduct %arg3, %arg4, %arg8 {kind = #vector.kind<maxnumf>} : vector<8xf32>, vector<4xf32>
// CHECK-NEXT: %3 = vector.reduction <mul>, %arg3 fastmath<fast> : vector<8xf32> into f32
// CHECK-NEXT: %4 = vector.transfer_read %arg5[%arg6, %arg6], %arg7 {in_bounds = [true, false], permutation_map = #map6} : memref<8x8xf32>, vector<4x2xf32>
// CHECK-NEXT: %5 = vector.transfer_read %arg5[%arg6, %arg6], %arg7 {permutation_map = #map7} : memref<8x8xf32>, vector<4xf32>
// CHECK-NEXT: %6 = vector.transfer_write %arg3, %arg9[%arg6, %arg6] {in_bounds = [true]} : vector<8xf32>, tensor<8x8xf32>
// CHECK-NEXT: %7 = vector.extract %arg0[1, 3] : f32 from vector<2x4xf32>
// CHECK-NEXT: %8 = vector.broadcast %arg7 : f32 to vector<2x4xf32>
// CHECK-NEXT: %9 = vector.extract %8[0] : vector<4xf32> from vector<2x4xf32>
// CHECK-NEXT: %10 = vector.shape_cast %9 : vector<4xf32> to vector<2x2xf32>
// CHECK-NEXT: %11 = vector.shape_cast %10 : vector<2x2xf32> to vector<4xf32>
// CHECK-NEXT: %12 = vector.insert %arg7, %arg3 [3] : f32 into vector<8xf32>
// CHECK-NEXT: %13 = vector.extract %12[3] : f32 from vector<8xf32>
// CHECK-NEXT: %14 = vector.insert %arg4, %arg0 [1] : vector<4xf32> into vector<2x4xf32>
// CHECK-NEXT: %15 = vector.extract %arg0[] : vector<2x4xf32> from vector<2x4xf32>
// CHECK-NEXT: %16 = vector.broadcast %arg3 : vector<8xf32> to vector<8xf32>
// CHECK-NEXT: %17 = vector.transfer_read %arg5[%arg6, %arg6], %arg7 : memref<8x8xf32>, vector<f32>
// CHECK-NEXT: return %0 : vector<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

#map0 = affine_map<(i, j, k) -> (i, k)>
#map1 = affine_map<(i, j, k) -> (k, j)>
#map2 = affine_map<(i, j, k) -> (i, j)>
func.func @f(%m: memref<8x8xf32>, %i: index, %f: f32, %v: vector<8xf32>, %a: vector<2x4xf32>, %b: vector<4x3xf32>, %c: vector<2x3xf32>, %mask: vector<8xi1>) -> f32 {
  %0 = vector.load %m[%i, %i] : memref<8x8xf32>, vector<8xf32>
  vector.store %0, %m[%i, %i] : memref<8x8xf32>, vector<8xf32>
  %1 = vector.broadcast %f : f32 to vector<8xf32>
  %2 = vector.fma %0, %1, %v : vector<8xf32>
  %3 = vector.contract {indexing_maps = [#map0, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x4xf32>, vector<4x3xf32> into vector<2x3xf32>
  %4 = vector.reduction <add>, %2 : vector<8xf32> into f32
  %5 = vector.transfer_read %m[%i, %i], %f {in_bounds = [true]} : memref<8x8xf32>, vector<8xf32>
  %6 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<8x8xf32>, vector<8xf32>
  vector.transfer_write %5, %m[%i, %i] {in_bounds = [false]} : vector<8xf32>, memref<8x8xf32>
  %7 = vector.extract %a[0, 1] : f32 from vector<2x4xf32>
  %8 = vector.insert %7, %a[1, 2] : f32 into vector<2x4xf32>
  %9 = vector.shape_cast %a : vector<2x4xf32> to vector<8xf32>
  %10 = vector.outerproduct %0, %1 : vector<8xf32>, vector<8xf32>
  %11 = vector.outerproduct %0, %f, %v {kind = #vector.kind<add>} : vector<8xf32>, f32
  %12 = vector.maskedload %m[%i, %i], %mask, %v : memref<8x8xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  %13 = vector.extract %a[1] : vector<4xf32> from vector<2x4xf32>
  %14 = vector.reduction <maxnumf>, %2, %f : vector<8xf32> into f32
  %15 = vector.broadcast %13 : vector<4xf32> to vector<3x4xf32>
  %16 = vector.transpose %a, [1, 0] : vector<2x4xf32> to vector<4x2xf32>
  vector.maskedstore %m[%i, %i], %mask, %v : memref<8x8xf32>, vector<8xi1>, vector<8xf32>
  %18 = vector.extract %a[%i, 1] : f32 from vector<2x4xf32>
  %19 = vector.insert %f, %v[%i] : f32 into vector<8xf32>
  %20 = vector.contract {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"], kind = #vector.kind<maxnumf>} %v, %v, %f : vector<8xf32>, vector<8xf32> into f32
  return %4 : f32
}

func.func @g(%a: vector<2x4xf32>, %b: vector<4x3xf32>, %c: vector<2x3xf32>, %v: vector<8xf32>, %w: vector<4xf32>, %m: memref<8x8xf32>, %i: index, %f: f32, %acc: vector<8x4xf32>, %t: tensor<8x8xf32>) -> vector<2x3xf32> {
  %0 = vector.contract {iterator_types = ["parallel", "parallel", "reduction"], indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>]} %a, %b, %c : vector<2x4xf32>, vector<4x3xf32> into vector<2x3xf32>
  %1 = vector.outerproduct %v, %w, %acc : vector<8xf32>, vector<4xf32>
  %2 = vector.outerproduct %v, %w, %acc {kind = #vector.kind<maxnumf>} : vector<8xf32>, vector<4xf32>
  %3 = vector.reduction <mul>, %v fastmath<fast> : vector<8xf32> into f32
  %4 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d1, d0)>, in_bounds = [true, false]} : memref<8x8xf32>, vector<4x2xf32>
  %5 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (0)>} : memref<8x8xf32>, vector<4xf32>
  %6 = vector.transfer_write %v, %t[%i, %i] {in_bounds = [true]} : vector<8xf32>, tensor<8x8xf32>
  %7 = vector.extract %a[1, 3] : f32 from vector<2x4xf32>
  %8 = vector.broadcast %f : f32 to vector<2x4xf32>
  %9 = vector.extract %8[0] : vector<4xf32> from vector<2x4xf32>
  %10 = vector.shape_cast %9 : vector<4xf32> to vector<2x2xf32>
  %11 = vector.shape_cast %10 : vector<2x2xf32> to vector<4xf32>
  %12 = vector.insert %f, %v [3] : f32 into vector<8xf32>
  %13 = vector.extract %12[3] : f32 from vector<8xf32>
  %14 = vector.insert %w, %a[1] : vector<4xf32> into vector<2x4xf32>
  %15 = vector.extract %a[] : vector<2x4xf32> from vector<2x4xf32>
  %16 = vector.broadcast %v : vector<8xf32> to vector<8xf32>
  %17 = vector.transfer_read %m[%i, %i], %f : memref<8x8xf32>, vector<f32>
  return %0 : vector<2x3xf32>
}
