// RUN: %roundtrip %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts | FileCheck %s

// CHECK-LABEL: func.func @f(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32, %arg4: vector<4xi32>, %arg5: vector<4xi1>, %arg6: f64) {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.addi %arg0, %arg1 overflow<nsw, nuw> : i32
// CHECK-NEXT: %2 = arith.addf %arg2, %arg3 fastmath<fast> : f32
// CHECK-NEXT: %3 = arith.addf %arg2, %arg3 : f32
// CHECK-NEXT: %4 = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT: %5 = arith.cmpf olt, %arg2, %arg3 fastmath<nnan> : f32
// CHECK-NEXT: %6 = arith.select %arg5, %arg4, %arg4 : vector<4xi1>, vector<4xi32>
// CHECK-NEXT: %7 = arith.trunci %arg0 : i32 to i8
// CHECK-NEXT: %8 = arith.truncf %arg6 : f64 to f32
// CHECK-NEXT: %9 = arith.truncf %arg6 to_nearest_even fastmath<fast> : f64 to f32
// CHECK-NEXT: %10 = arith.uitofp %arg0 : i32 to f32
// CHECK-NEXT: %sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1
// CHECK-NEXT: %low, %high = arith.mulsi_extended %arg0, %arg1 : i32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %cst = arith.constant 1.500000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant dense<1> : vector<4xi32>
// CHECK-NEXT: %c7_i8 = arith.constant 7 : i8
// CHECK-NEXT: %11 = arith.extf %arg2 : f32 to f64
// CHECK-NEXT: %12 = arith.negf %arg2 : f32
// CHECK-NEXT: %13 = arith.shli %arg0, %arg1 overflow<nsw> : i32
// CHECK-NEXT: %14 = arith.extui %arg0 : i32 to i64
// CHECK-NEXT: %15 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT: return
// CHECK-LABEL: func.func @g() {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: return
// CHECK-LABEL: func.func @flags(%arg0: i32, %arg1: i32, %arg2: f4E2M1FN, %arg3: f8E8M0FNU, %arg4: f32) {
// CHECK-NEXT: %0 = arith.divsi %arg0, %arg1 exact : i32
// CHECK-NEXT: %1 = arith.shrui %arg0, %arg1 exact : i32
// CHECK-NEXT: %2 = arith.scaling_extf %arg2, %arg3 : f4E2M1FN, f8E8M0FNU to f32
// CHECK-NEXT: %3 = arith.trunci %arg0 overflow<nsw> : i32 to i8
// CHECK-NEXT: %4 = arith.scaling_truncf %arg4, %arg3 : f32, f8E8M0FNU to f4E2M1FN
// CHECK-NEXT: return

func.func @f(%a: i32, %b: i32, %x: f32, %y: f32, %v: vector<4xi32>, %c: vector<4xi1>, %d: f64) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b overflow<nsw, nuw> : i32
  %2 = arith.addf %x, %y fastmath<fast> : f32
  %3 = arith.addf %x, %y : f32
  %4 = arith.cmpi slt, %a, %b : i32
  %5 = arith.cmpf olt, %x, %y fastmath<nnan> : f32
  %6 = arith.select %c, %v, %v : vector<4xi1>, vector<4xi32>
  %7 = arith.trunci %a : i32 to i8
  %8 = arith.truncf %d : f64 to f32
  %9 = arith.truncf %d to_nearest_even fastmath<fast> : f64 to f32
  %10 = arith.uitofp %a : i32 to f32
  %11:2 = arith.addui_extended %a, %b : i32, i1
  %12:2 = arith.mulsi_extended %a, %b : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant -1 : i32
  %c2 = arith.constant true
  %c3 = arith.constant 1.5 : f32
  %c4 = arith.constant dense<1> : vector<4xi32>
  %c5 = arith.constant 7 : i8
  %13 = arith.extf %x : f32 to f64
  %14 = arith.negf %x : f32
  %15 = arith.shli %a, %b overflow<nsw> : i32
  %16 = arith.extui %a : i32 to i64
  %17 = arith.index_cast %a : i32 to index
  return
}
func.func @g() {
  %c0 = arith.constant 0 : index
  return
}
func.func @flags(%a: i32, %b: i32, %x: f4E2M1FN, %s: f8E8M0FNU, %y: f32) {
  %0 = arith.divsi %a, %b exact : i32
  %1 = arith.shrui %a, %b exact : i32
  %2 = arith.scaling_extf %x, %s : f4E2M1FN, f8E8M0FNU to f32
  %6 = arith.trunci %a overflow<nsw> : i32 to i8
  %7 = arith.scaling_truncf %y, %s : f32, f8E8M0FNU to f4E2M1FN
  return
}
