// RUN: %roundtrip %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts

// The ops of extra_ops.rs in MLIR 22's custom syntax (shuffle, strided
// slices, masks, print, bitcast, gather/scatter, expandload/compressstore,
// multi_reduction, vscale, scan, interleave/deinterleave, step,
// from/to_elements, scalable insert/extract, vector.mask with an implicit
// yield). CHECK lines are mlir-opt 22's output.

func.func @f(%a: vector<4xf32>, %b: vector<4xf32>, %i: index, %m: memref<?xf32>, %mk: vector<4xi1>, %iv: vector<4xi32>, %s: f32, %v2: vector<2x4xf32>, %sv: vector<[8]xi32>) {
  %0 = vector.shuffle %a, %b [0, 5, 2] : vector<4xf32>, vector<4xf32>
  %1 = vector.insert_strided_slice %a, %v2 {offsets = [1, 0], strides = [1]} : vector<4xf32> into vector<2x4xf32>
  %2 = vector.extract_strided_slice %v2 {offsets = [0, 1], sizes = [2, 2], strides = [1, 1]} : vector<2x4xf32> to vector<2x2xf32>
  %3 = vector.create_mask %i : vector<4xi1>
  %4 = vector.constant_mask [2] : vector<4xi1>
  vector.print %a : vector<4xf32>
  vector.print str "hello"
  vector.print punctuation <comma>
  %5 = vector.bitcast %a : vector<4xf32> to vector<4xi32>
  %6 = vector.gather %m[%i] [%iv], %mk, %a : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.scatter %m[%i] [%iv], %mk, %a : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32>
  %7 = vector.expandload %m[%i], %mk, %a : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.compressstore %m[%i], %mk, %a : memref<?xf32>, vector<4xi1>, vector<4xf32>
  %8 = vector.multi_reduction <add>, %v2, %a [0] : vector<2x4xf32> to vector<4xf32>
  %9 = vector.vscale
  %10:2 = vector.scan <add>, %v2, %a {reduction_dim = 0 : i64, inclusive = true} : vector<2x4xf32>, vector<4xf32>
  %11 = vector.interleave %a, %b : vector<4xf32> -> vector<8xf32>
  %12, %13 = vector.deinterleave %a : vector<4xf32> -> vector<2xf32>
  %14 = vector.step : vector<4xindex>
  %15 = vector.from_elements %s, %s, %s, %s : vector<4xf32>
  %16:4 = vector.to_elements %a : vector<4xf32>
  %17 = vector.scalable.insert %iv, %sv[0] : vector<4xi32> into vector<[8]xi32>
  %18 = vector.scalable.extract %sv[4] : vector<4xi32> from vector<[8]xi32>
  %19 = vector.mask %mk { vector.reduction <add>, %a : vector<4xf32> into f32 } : vector<4xi1> -> f32
  %20 = vector.broadcast %s : f32 to vector<4xf32>
  %21 = vector.extract %a[%i] : f32 from vector<4xf32>
  return
}

// CHECK:   func.func @f(%arg0: vector<4xf32>, %arg1: vector<4xf32>, %arg2: index, %arg3: memref<?xf32>, %arg4: vector<4xi1>, %arg5: vector<4xi32>, %arg6: f32, %arg7: vector<2x4xf32>, %arg8: vector<[8]xi32>) {
// CHECK-NEXT:     %0 = vector.shuffle %arg0, %arg1 [0, 5, 2] : vector<4xf32>, vector<4xf32>
// CHECK-NEXT:     %1 = vector.insert_strided_slice %arg0, %arg7 {offsets = [1, 0], strides = [1]} : vector<4xf32> into vector<2x4xf32>
// CHECK-NEXT:     %2 = vector.extract_strided_slice %arg7 {offsets = [0, 1], sizes = [2, 2], strides = [1, 1]} : vector<2x4xf32> to vector<2x2xf32>
// CHECK-NEXT:     %3 = vector.create_mask %arg2 : vector<4xi1>
// CHECK-NEXT:     %4 = vector.constant_mask [2] : vector<4xi1>
// CHECK-NEXT:     vector.print %arg0 : vector<4xf32>
// CHECK-NEXT:     vector.print str "hello"
// CHECK-NEXT:     vector.print punctuation <comma>
// CHECK-NEXT:     %5 = vector.bitcast %arg0 : vector<4xf32> to vector<4xi32>
// CHECK-NEXT:     %6 = vector.gather %arg3[%arg2] [%arg5], %arg4, %arg0 : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK-NEXT:     vector.scatter %arg3[%arg2] [%arg5], %arg4, %arg0 : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32>
// CHECK-NEXT:     %7 = vector.expandload %arg3[%arg2], %arg4, %arg0 : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK-NEXT:     vector.compressstore %arg3[%arg2], %arg4, %arg0 : memref<?xf32>, vector<4xi1>, vector<4xf32>
// CHECK-NEXT:     %8 = vector.multi_reduction <add>, %arg7, %arg0 [0] : vector<2x4xf32> to vector<4xf32>
// CHECK-NEXT:     %vscale = vector.vscale
// CHECK-NEXT:     %dest, %accumulated_value = vector.scan <add>, %arg7, %arg0 {inclusive = true, reduction_dim = 0 : i64} : vector<2x4xf32>, vector<4xf32>
// CHECK-NEXT:     %9 = vector.interleave %arg0, %arg1 : vector<4xf32> -> vector<8xf32>
// CHECK-NEXT:     %res1, %res2 = vector.deinterleave %arg0 : vector<4xf32> -> vector<2xf32>
// CHECK-NEXT:     %10 = vector.step : vector<4xindex>
// CHECK-NEXT:     %11 = vector.from_elements %arg6, %arg6, %arg6, %arg6 : vector<4xf32>
// CHECK-NEXT:     %12:4 = vector.to_elements %arg0 : vector<4xf32>
// CHECK-NEXT:     %13 = vector.scalable.insert %arg5, %arg8[0] : vector<4xi32> into vector<[8]xi32>
// CHECK-NEXT:     %14 = vector.scalable.extract %arg8[4] : vector<4xi32> from vector<[8]xi32>
// CHECK-NEXT:     %15 = vector.mask %arg4 { vector.reduction <add>, %arg0 : vector<4xf32> into f32 } : vector<4xi1> -> f32
// CHECK-NEXT:     %16 = vector.broadcast %arg6 : f32 to vector<4xf32>
// CHECK-NEXT:     %17 = vector.extract %arg0[%arg2] : f32 from vector<4xf32>
// CHECK-NEXT:     return
