// Constant folding of math ops as MLIR 22's MathOps.cpp folders: f32 is
// computed with the C library's single-precision functions (expm1f,
// sinhf, acoshf, ...), only f32/f64 call the C library (f16 folds only
// the APFloat ops absf/ceil/floor/roundeven/copysign), negative operands
// of log/log2/log10/sqrt and log1p below -1 stay, and cbrt/rsqrt/fma/fpowi
// have no folder.
// RUN: strata-opt --canonicalize %s | FileCheck %s
// RUN: strata-opt --canonicalize %s --verify-equivalence --equivalence-trials=4
// REQUIRES: mlir-opt
// RUN: mlir-opt --canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @f32_c_library() -> (f32, f32, f32, f32) {
// CHECK-NEXT:    %cst = arith.constant 6.05020475 : f32
// CHECK-NEXT:    %cst_0 = arith.constant 1.71828175 : f32
// CHECK-NEXT:    %cst_1 = arith.constant 1.56679928 : f32
// CHECK-NEXT:    %cst_2 = arith.constant 0xFFC00000 : f32
// CHECK-NEXT:    return %cst, %cst_0, %cst_1, %cst_2 : f32, f32, f32, f32
func.func @f32_c_library() -> (f32, f32, f32, f32) {
  %a = arith.constant 2.5 : f32
  %one = arith.constant 1.0 : f32
  %neg = arith.constant -1.0 : f32
  %0 = math.sinh %a : f32
  %1 = math.expm1 %one : f32
  %2 = math.acosh %a : f32
  %3 = math.acosh %neg : f32
  return %0, %1, %2, %3 : f32, f32, f32, f32
}

// CHECK-LABEL: func.func @f64_acosh() -> f64 {
// CHECK-NEXT:    %cst = arith.constant 1.5667992369724111 : f64
func.func @f64_acosh() -> f64 {
  %a = arith.constant 2.5 : f64
  %0 = math.acosh %a : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @domain(%arg0: f32) -> (f32, f32, f32, f32) {
// CHECK-NEXT:    %cst = arith.constant 0xFF800000 : f32
// CHECK-NEXT:    %cst_0 = arith.constant -2.500000e+00 : f32
// CHECK-NEXT:    %0 = math.log %cst_0 : f32
// CHECK-NEXT:    %1 = math.sqrt %cst_0 : f32
// CHECK-NEXT:    %2 = math.log1p %cst_0 : f32
// CHECK-NEXT:    %3 = arith.addf %arg0, %cst : f32
// CHECK-NEXT:    return %0, %1, %2, %3 : f32, f32, f32, f32
func.func @domain(%x: f32) -> (f32, f32, f32, f32) {
  %n = arith.constant -2.5 : f32
  %m1 = arith.constant -1.0 : f32
  %0 = math.log %n : f32
  %1 = math.sqrt %n : f32
  %2 = math.log1p %n : f32
  %3 = math.log1p %m1 : f32
  %4 = arith.addf %x, %3 : f32
  return %0, %1, %2, %4 : f32, f32, f32, f32
}

// CHECK-LABEL: func.func @no_folder() -> (f32, f32, f16, f16) {
// CHECK-DAG:     %[[A:.*]] = arith.constant 8.000000e+00 : f32
// CHECK-DAG:     %[[H:.*]] = arith.constant -2.500000e+00 : f16
// CHECK-DAG:     %[[AH:.*]] = arith.constant 2.500000e+00 : f16
// CHECK:         %[[C:.*]] = math.cbrt %[[A]] : f32
// CHECK-NEXT:    %[[R:.*]] = math.rsqrt %[[A]] : f32
// CHECK-NEXT:    %[[E:.*]] = math.exp %[[H]] : f16
// CHECK-NEXT:    return %[[C]], %[[R]], %[[E]], %[[AH]] : f32, f32, f16, f16
func.func @no_folder() -> (f32, f32, f16, f16) {
  %a = arith.constant 8.0 : f32
  %h = arith.constant -2.5 : f16
  %0 = math.cbrt %a : f32
  %1 = math.rsqrt %a : f32
  %2 = math.exp %h : f16
  %3 = math.absf %h : f16
  return %0, %1, %2, %3 : f32, f32, f16, f16
}

// CHECK-LABEL: func.func @vector_log2() -> vector<4xf32> {
// CHECK-NEXT:    %cst = arith.constant dense<[0.000000e+00, 1.000000e+00, 1.58496249, 2.000000e+00]> : vector<4xf32>
func.func @vector_log2() -> vector<4xf32> {
  %v = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %0 = math.log2 %v : vector<4xf32>
  return %0 : vector<4xf32>
}
