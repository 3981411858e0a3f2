// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(canonicalize))' --split-input-file | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(canonicalize))' --split-input-file --verify-equivalence --equivalence-trials=4

// CHECK-LABEL: func.func @add_constants
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c7_i32 : i32
// CHECK-NEXT: return %0 : i32
func.func @add_constants(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.addi %c3, %0 : i32
  %2 = arith.addi %1, %c4 : i32
  return %2 : i32
}

// -----

// CHECK-LABEL: func.func @fold_wrapping
// CHECK-NEXT: %c-128_i8 = arith.constant -128 : i8
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: return %c-128_i8, %c-1_i8 : i8, i8
func.func @fold_wrapping() -> (i8, i8) {
  %a = arith.constant 127 : i8
  %b = arith.constant 1 : i8
  %c = arith.constant -7 : i8
  %d = arith.constant 4 : i8
  %0 = arith.addi %a, %b : i8
  %1 = arith.floordivsi %c, %d : i8
  %2 = arith.addi %1, %b : i8
  return %0, %2 : i8, i8
}

// -----

// CHECK-LABEL: func.func @identities
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %arg0, %c0_i32, %arg0, %true : i32, i32, i32, i1
func.func @identities(%a: i32) -> (i32, i32, i32, i1) {
  %c1 = arith.constant 1 : i32
  %0 = arith.muli %a, %c1 : i32
  %1 = arith.subi %a, %a : i32
  %2 = arith.ori %a, %a : i32
  %3 = arith.cmpi sle, %a, %a : i32
  return %0, %1, %2, %3 : i32, i32, i32, i1
}

// -----

// CHECK-LABEL: func.func @float_fold
// CHECK-NEXT: %cst = arith.constant 3.500000e+00 : f32
// CHECK-NEXT: return %cst, %arg0 : f32, f32
func.func @float_fold(%x: f32) -> (f32, f32) {
  %a = arith.constant 1.5 : f32
  %b = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %0 = arith.addf %a, %b : f32
  %1 = arith.mulf %x, %one : f32
  return %0, %1 : f32, f32
}

// -----

// CHECK-LABEL: func.func @not_cmp
// CHECK-NEXT: %0 = arith.cmpi sge, %arg0, %arg1 : i32
// CHECK-NEXT: return %0 : i1
func.func @not_cmp(%a: i32, %b: i32) -> i1 {
  %true = arith.constant true
  %0 = arith.cmpi slt, %a, %b : i32
  %1 = arith.xori %0, %true : i1
  return %1 : i1
}

// -----

// CHECK-LABEL: func.func @casts
// CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
// CHECK-NEXT: return %arg0, %c-1_i64 : i8, i64
func.func @casts(%a: i8) -> (i8, i64) {
  %c = arith.constant 255 : i8
  %0 = arith.extsi %a : i8 to i32
  %1 = arith.trunci %0 : i32 to i8
  %2 = arith.extsi %c : i8 to i64
  return %1, %2 : i8, i64
}

// -----

// CHECK-LABEL: func.func @vector_fold
// CHECK-NEXT: %cst = arith.constant dense<[4, 6]> : vector<2xi32>
// CHECK-NEXT: return %cst : vector<2xi32>
func.func @vector_fold() -> vector<2xi32> {
  %a = arith.constant dense<[1, 2]> : vector<2xi32>
  %b = arith.constant dense<[3, 4]> : vector<2xi32>
  %0 = arith.addi %a, %b : vector<2xi32>
  return %0 : vector<2xi32>
}

// -----

// Folds of xori/andi/ori chains (MLIR XOrIOp/AndIOp/OrIOp::fold).
// CHECK-LABEL: func.func @xori_of_xori
// CHECK-SAME: (%arg0: i32, %arg1: i32) -> (i32, i32, i32, i32) {
// CHECK-NEXT: return %arg0, %arg0, %arg0, %arg0 : i32, i32, i32, i32
// CHECK-NEXT: }
func.func @xori_of_xori(%x: i32, %a: i32) -> (i32, i32, i32, i32) {
  %0 = arith.xori %x, %a : i32
  %1 = arith.xori %0, %a : i32
  %2 = arith.xori %a, %x : i32
  %3 = arith.xori %2, %a : i32
  %4 = arith.xori %a, %0 : i32
  %5 = arith.xori %a, %2 : i32
  return %1, %3, %4, %5 : i32, i32, i32, i32
}

// -----
// CHECK-LABEL: func.func @andi_of_andi
// CHECK-SAME: (%arg0: i8, %arg1: i8) -> (i8, i8, i8, i8) {
// CHECK-NEXT: %0 = arith.andi %arg0, %arg1 : i8
// CHECK-NEXT: return %0, %0, %0, %0 : i8, i8, i8, i8
// CHECK-NEXT: }
func.func @andi_of_andi(%x: i8, %y: i8) -> (i8, i8, i8, i8) {
  %0 = arith.andi %x, %y : i8
  %1 = arith.andi %0, %x : i8
  %2 = arith.andi %y, %0 : i8
  %3 = arith.andi %0, %y : i8
  %4 = arith.andi %x, %0 : i8
  return %1, %2, %3, %4 : i8, i8, i8, i8
}

// -----
// CHECK-LABEL: func.func @andi_ori_with_not
// CHECK-SAME: (%arg0: i16) -> (i16, i16, i16, i16) {
// CHECK-NEXT: %c-1_i16 = arith.constant -1 : i16
// CHECK-NEXT: %c0_i16 = arith.constant 0 : i16
// CHECK-NEXT: return %c0_i16, %c0_i16, %c-1_i16, %c-1_i16 : i16, i16, i16, i16
// CHECK-NEXT: }
func.func @andi_ori_with_not(%x: i16) -> (i16, i16, i16, i16) {
  %m1 = arith.constant -1 : i16
  %n = arith.xori %x, %m1 : i16
  %0 = arith.andi %x, %n : i16
  %1 = arith.andi %n, %x : i16
  %2 = arith.ori %x, %n : i16
  %3 = arith.ori %n, %x : i16
  return %0, %1, %2, %3 : i16, i16, i16, i16
}
