// RUN: %roundtrip %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts | FileCheck %s

// CHECK-LABEL: func.func @f(%arg0: f32, %arg1: i32, %arg2: vector<4xf32>) {
// CHECK-NEXT: %0 = math.sqrt %arg0 fastmath<fast> : f32
// CHECK-NEXT: %1 = math.fpowi %arg0, %arg1 : f32, i32
// CHECK-NEXT: %2 = math.isnan %arg0 : f32
// CHECK-NEXT: %3 = math.ctlz %arg1 : i32
// CHECK-NEXT: %4 = math.fma %arg0, %arg0, %arg0 : f32
// CHECK-NEXT: %5 = math.ipowi %arg1, %arg1 : i32
// CHECK-NEXT: %6 = math.absf %arg2 : vector<4xf32>
// CHECK-NEXT: %7 = math.isinf %arg2 : vector<4xf32>
// CHECK-NEXT: %8 = math.atan2 %arg0, %arg0 : f32
// CHECK-NEXT: return

func.func @f(%x: f32, %i: i32, %v: vector<4xf32>) {
  %0 = math.sqrt %x fastmath<fast> : f32
  %1 = math.fpowi %x, %i : f32, i32
  %2 = math.isnan %x : f32
  %3 = math.ctlz %i : i32
  %4 = math.fma %x, %x, %x : f32
  %5 = math.ipowi %i, %i : i32
  %6 = math.absf %v : vector<4xf32>
  %7 = math.isinf %v : vector<4xf32>
  %8 = math.atan2 %x, %x : f32
  return
}
