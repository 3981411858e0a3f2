// Canonicalization patterns and folds of MLIR 22's arith dialect, one family
// per function; CHECK lines are what mlir-opt 22 prints for this input.
// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(canonicalize))' --split-input-file | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(canonicalize))' --split-input-file --verify-equivalence --equivalence-trials=8

// CHECK-LABEL: func.func @select_one_zero(%arg0: i1) -> (i32, i32, i1) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = arith.extui %arg0 : i1 to i32
// CHECK-NEXT: %1 = arith.xori %arg0, %true : i1
// CHECK-NEXT: %2 = arith.extui %1 : i1 to i32
// CHECK-NEXT: %3 = arith.xori %arg0, %true : i1
// CHECK-NEXT: return %0, %2, %3 : i32, i32, i1
func.func @select_one_zero(%c: i1) -> (i32, i32, i1) {
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %t = arith.constant true
  %f = arith.constant false
  %a = arith.select %c, %one, %zero : i32
  %b = arith.select %c, %zero, %one : i32
  %n = arith.select %c, %f, %t : i1
  return %a, %b, %n : i32, i32, i1
}

// -----

// CHECK-LABEL: func.func @select_nested(%arg0: i1, %arg1: i1, %arg2: i16, %arg3: i16, %arg4: i16) -> (i16, i16, i16) {
// CHECK-NEXT: %0 = arith.select %arg0, %arg2, %arg4 : i16
// CHECK-NEXT: %1 = arith.select %arg0, %arg4, %arg3 : i16
// CHECK-NEXT: %2 = arith.select %arg1, %arg3, %arg2 : i16
// CHECK-NEXT: return %0, %1, %2 : i16, i16, i16
func.func @select_nested(%c: i1, %d: i1, %x: i16, %y: i16, %z: i16) -> (i16, i16, i16) {
  %s = arith.select %c, %x, %y : i16
  %a = arith.select %c, %s, %z : i16
  %b = arith.select %c, %z, %s : i16
  %t = arith.constant true
  %nd = arith.xori %d, %t : i1
  %e = arith.select %nd, %x, %y : i16
  return %a, %b, %e : i16, i16, i16
}

// -----

// CHECK-LABEL: func.func @select_of_compare(%arg0: i64, %arg1: i64) -> (i64, i64) {
// CHECK-NEXT: return %arg1, %arg0 : i64, i64
func.func @select_of_compare(%x: i64, %y: i64) -> (i64, i64) {
  %eq = arith.cmpi eq, %x, %y : i64
  %ne = arith.cmpi ne, %y, %x : i64
  %a = arith.select %eq, %x, %y : i64
  %b = arith.select %ne, %x, %y : i64
  return %a, %b : i64, i64
}

// -----

// CHECK-LABEL: func.func @cmpi_constant_left(%arg0: i32) -> (i1, i1, i1, i1) {
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: %0 = arith.cmpi sgt, %arg0, %c7_i32 : i32
// CHECK-NEXT: %1 = arith.cmpi ule, %arg0, %c7_i32 : i32
// CHECK-NEXT: %2 = arith.cmpi eq, %arg0, %c7_i32 : i32
// CHECK-NEXT: %3 = arith.cmpi sge, %arg0, %c7_i32 : i32
// CHECK-NEXT: return %0, %1, %2, %3 : i1, i1, i1, i1
func.func @cmpi_constant_left(%x: i32) -> (i1, i1, i1, i1) {
  %c = arith.constant 7 : i32
  %0 = arith.cmpi slt, %c, %x : i32
  %1 = arith.cmpi uge, %c, %x : i32
  %2 = arith.cmpi eq, %c, %x : i32
  %3 = arith.cmpi sle, %c, %x : i32
  return %0, %1, %2, %3 : i1, i1, i1, i1
}

// -----

// CHECK-LABEL: func.func @cmpi_of_extensions(%arg0: i8, %arg1: i8, %arg2: i1, %arg3: vector<4xi1>) -> (i1, i1, i1, vector<4xi1>, i1) {
// CHECK-NEXT: %0 = arith.cmpi ne, %arg0, %arg1 : i8
// CHECK-NEXT: %1 = arith.cmpi eq, %arg0, %arg1 : i8
// CHECK-NEXT: return %0, %1, %arg2, %arg3, %arg2 : i1, i1, i1, vector<4xi1>, i1
func.func @cmpi_of_extensions(%a: i8, %b: i8, %p: i1, %q: vector<4xi1>) -> (i1, i1, i1, vector<4xi1>, i1) {
  %ea = arith.extsi %a : i8 to i32
  %eb = arith.extsi %b : i8 to i32
  %0 = arith.cmpi ne, %ea, %eb : i32
  %ua = arith.extui %a : i8 to i32
  %ub = arith.extui %b : i8 to i32
  %1 = arith.cmpi eq, %ua, %ub : i32
  %zero = arith.constant 0 : i64
  %ep = arith.extui %p : i1 to i64
  %2 = arith.cmpi ne, %ep, %zero : i64
  %vzero = arith.constant dense<0> : vector<4xi16>
  %eq = arith.extsi %q : vector<4xi1> to vector<4xi16>
  %3 = arith.cmpi ne, %eq, %vzero : vector<4xi16>
  %t = arith.constant true
  %4 = arith.cmpi eq, %t, %p : i1
  return %0, %1, %2, %3, %4 : i1, i1, i1, vector<4xi1>, i1
}

// -----

// CHECK-LABEL: func.func @ext_trunc_chains(%arg0: i8, %arg1: i32, %arg2: i64) -> (i64, i16, i16, i32, index, index) {
// CHECK-NEXT: %c32_i64 = arith.constant 32 : i64
// CHECK-NEXT: %0 = arith.extui %arg0 : i8 to i64
// CHECK-NEXT: %1 = arith.extsi %arg0 : i8 to i16
// CHECK-NEXT: %2 = arith.trunci %arg1 : i32 to i16
// CHECK-NEXT: %3 = arith.shrui %arg2, %c32_i64 : i64
// CHECK-NEXT: %4 = arith.trunci %3 : i64 to i32
// CHECK-NEXT: %5 = arith.index_cast %arg0 : i8 to index
// CHECK-NEXT: %6 = arith.index_castui %arg0 : i8 to index
// CHECK-NEXT: return %0, %1, %2, %4, %5, %6 : i64, i16, i16, i32, index, index
func.func @ext_trunc_chains(%a: i8, %b: i32, %c: i64) -> (i64, i16, i16, i32, index, index) {
  %0 = arith.extui %a : i8 to i16
  %1 = arith.extsi %0 : i16 to i64
  %2 = arith.extsi %a : i8 to i32
  %3 = arith.trunci %2 : i32 to i16
  %4 = arith.extui %b : i32 to i64
  %5 = arith.trunci %4 : i64 to i16
  %c32 = arith.constant 32 : i64
  %6 = arith.shrsi %c, %c32 : i64
  %7 = arith.trunci %6 : i64 to i32
  %8 = arith.extsi %a : i8 to i32
  %9 = arith.index_cast %8 : i32 to index
  %10 = arith.extui %a : i8 to i32
  %11 = arith.index_castui %10 : i32 to index
  return %1, %3, %5, %7, %9, %11 : i64, i16, i16, i32, index, index
}

// -----

// CHECK-LABEL: func.func @reassociate(%arg0: index, %arg1: i32) -> (index, index, index, index, i32) {
// CHECK-NEXT: %c-21_i32 = arith.constant -21 : i32
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c-4 = arith.constant -4 : index
// CHECK-NEXT: %c14 = arith.constant 14 : index
// CHECK-NEXT: %0 = arith.addi %arg0, %c14 overflow<nsw> : index
// CHECK-NEXT: %1 = arith.subi %c-4, %arg0 : index
// CHECK-NEXT: %2 = arith.subi %c4, %arg0 : index
// CHECK-NEXT: %3 = arith.subi %c14, %arg0 : index
// CHECK-NEXT: %4 = arith.muli %arg1, %c-21_i32 : i32
// CHECK-NEXT: return %0, %1, %2, %3, %4 : index, index, index, index, i32
func.func @reassociate(%x: index, %y: i32) -> (index, index, index, index, i32) {
  %c5 = arith.constant 5 : index
  %c9 = arith.constant 9 : index
  %0 = arith.addi %x, %c5 overflow<nsw, nuw> : index
  %1 = arith.addi %0, %c9 overflow<nsw> : index
  %2 = arith.subi %c5, %x : index
  %3 = arith.subi %2, %c9 : index
  %4 = arith.subi %c9, %0 : index
  %5 = arith.subi %x, %c5 : index
  %6 = arith.subi %c9, %5 : index
  %c3 = arith.constant 3 : i32
  %c-7 = arith.constant -7 : i32
  %7 = arith.muli %y, %c3 : i32
  %8 = arith.muli %7, %c-7 : i32
  return %1, %3, %4, %6, %8 : index, index, index, index, i32
}

// -----

// CHECK-LABEL: func.func @add_negated(%arg0: i32, %arg1: i32, %arg2: vector<2xi8>, %arg3: vector<2xi8>) -> (i32, vector<2xi8>, i32) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.subi %arg2, %arg3 : vector<2xi8>
// CHECK-NEXT: %2 = arith.subi %c0_i32, %arg1 : i32
// CHECK-NEXT: return %0, %1, %2 : i32, vector<2xi8>, i32
func.func @add_negated(%x: i32, %y: i32, %v: vector<2xi8>, %w: vector<2xi8>) -> (i32, vector<2xi8>, i32) {
  %m1 = arith.constant -1 : i32
  %n = arith.muli %y, %m1 : i32
  %0 = arith.addi %x, %n : i32
  %vm1 = arith.constant dense<-1> : vector<2xi8>
  %vn = arith.muli %w, %vm1 : vector<2xi8>
  %1 = arith.addi %vn, %v : vector<2xi8>
  %s = arith.subi %x, %y : i32
  %2 = arith.subi %s, %x : i32
  return %0, %1, %2 : i32, vector<2xi8>, i32
}

// -----

// CHECK-LABEL: func.func @logic_of_extensions(%arg0: i4, %arg1: i4) -> (i32, i32, i32) {
// CHECK-NEXT: %0 = arith.andi %arg0, %arg1 : i4
// CHECK-NEXT: %1 = arith.extui %0 : i4 to i32
// CHECK-NEXT: %2 = arith.ori %arg0, %arg1 : i4
// CHECK-NEXT: %3 = arith.extsi %2 : i4 to i32
// CHECK-NEXT: %4 = arith.xori %arg0, %arg1 : i4
// CHECK-NEXT: %5 = arith.extsi %4 : i4 to i32
// CHECK-NEXT: return %1, %3, %5 : i32, i32, i32
func.func @logic_of_extensions(%a: i4, %b: i4) -> (i32, i32, i32) {
  %ea = arith.extui %a : i4 to i32
  %eb = arith.extui %b : i4 to i32
  %0 = arith.andi %ea, %eb : i32
  %sa = arith.extsi %a : i4 to i32
  %sb = arith.extsi %b : i4 to i32
  %1 = arith.ori %sa, %sb : i32
  %2 = arith.xori %sa, %sb : i32
  return %0, %1, %2 : i32, i32, i32
}

// -----

// CHECK-LABEL: func.func @min_max_bounds(%arg0: i8) -> (i8, i8, i8, i8, i8, i8) {
// CHECK-NEXT: %c127_i8 = arith.constant 127 : i8
// CHECK-NEXT: %c-128_i8 = arith.constant -128 : i8
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: return %c127_i8, %arg0, %c-128_i8, %arg0, %c-1_i8, %arg0 : i8, i8, i8, i8, i8, i8
func.func @min_max_bounds(%x: i8) -> (i8, i8, i8, i8, i8, i8) {
  %smax = arith.constant 127 : i8
  %smin = arith.constant -128 : i8
  %umax = arith.constant -1 : i8
  %0 = arith.maxsi %x, %smax : i8
  %1 = arith.maxsi %smin, %x : i8
  %2 = arith.minsi %x, %smin : i8
  %3 = arith.minui %umax, %x : i8
  %4 = arith.maxui %x, %umax : i8
  %5 = arith.minsi %x, %x : i8
  return %0, %1, %2, %3, %4, %5 : i8, i8, i8, i8, i8, i8
}

// -----

// CHECK-LABEL: func.func @float_bounds(%arg0: f32, %arg1: f32) -> (f32, f32, f32, f32, f32, f32) {
// CHECK-NEXT: %0 = arith.mulf %arg0, %arg1 fastmath<contract> : f32
// CHECK-NEXT: %1 = arith.divf %arg0, %arg1 : f32
// CHECK-NEXT: return %arg0, %arg0, %arg0, %arg0, %0, %1 : f32, f32, f32, f32, f32, f32
func.func @float_bounds(%x: f32, %y: f32) -> (f32, f32, f32, f32, f32, f32) {
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %0 = arith.minimumf %inf, %x : f32
  %1 = arith.maximumf %x, %ninf : f32
  %2 = arith.minnumf %x, %nan : f32
  %3 = arith.maxnumf %nan, %x : f32
  %nx = arith.negf %x : f32
  %ny = arith.negf %y : f32
  %4 = arith.mulf %nx, %ny fastmath<contract> : f32
  %5 = arith.divf %nx, %ny : f32
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f32, f32
}

// -----

// CHECK-LABEL: func.func @cmpf_nan_and_converted(%arg0: f32, %arg1: i16, %arg2: i8) -> (i1, i1, i1, i1, i1, i1) {
// CHECK-NEXT: %c10_i8 = arith.constant 10 : i8
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %c2_i16 = arith.constant 2 : i16
// CHECK-NEXT: %0 = arith.cmpi sle, %arg1, %c2_i16 : i16
// CHECK-NEXT: %1 = arith.cmpi ne, %arg2, %c10_i8 : i8
// CHECK-NEXT: return %true, %false, %0, %false, %true, %1 : i1, i1, i1, i1, i1, i1
func.func @cmpf_nan_and_converted(%x: f32, %i: i16, %u: i8) -> (i1, i1, i1, i1, i1, i1) {
  %nan = arith.constant 0x7FC00000 : f32
  %0 = arith.cmpf ult, %x, %nan : f32
  %1 = arith.cmpf oeq, %nan, %x : f32
  %fi = arith.sitofp %i : i16 to f32
  %c = arith.constant 2.500000e+00 : f32
  %2 = arith.cmpf olt, %fi, %c : f32
  %big = arith.constant 1.000000e+06 : f32
  %3 = arith.cmpf ogt, %fi, %big : f32
  %fu = arith.uitofp %u : i8 to f64
  %neg = arith.constant -3.500000e+00 : f64
  %4 = arith.cmpf uge, %fu, %neg : f64
  %d = arith.constant 1.000000e+01 : f64
  %5 = arith.cmpf one, %fu, %d : f64
  return %0, %1, %2, %3, %4, %5 : i1, i1, i1, i1, i1, i1
}

// -----

// CHECK-LABEL: func.func @extended_ops(%arg0: i32, %arg1: i32) -> (i32, i32, i32, i32) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT: %2 = arith.cmpi slt, %arg0, %c0_i32 : i32
// CHECK-NEXT: %3 = arith.extsi %2 : i1 to i32
// CHECK-NEXT: return %0, %1, %arg0, %3 : i32, i32, i32, i32
func.func @extended_ops(%x: i32, %y: i32) -> (i32, i32, i32, i32) {
  %sum, %overflow = arith.addui_extended %x, %y : i32, i1
  %low, %high = arith.mului_extended %x, %y : i32
  %one = arith.constant 1 : i32
  %l, %h = arith.mulsi_extended %x, %one : i32
  return %sum, %low, %l, %h : i32, i32, i32, i32
}

// -----

// CHECK-LABEL: func.func @casts(%arg0: i16, %arg1: f32, %arg2: bf16) -> (i16, f16, f32, i32, f32) {
// CHECK-NEXT: %0 = arith.bitcast %arg0 : i16 to f16
// CHECK-NEXT: %1 = arith.extf %arg2 : bf16 to f32
// CHECK-NEXT: %2 = arith.extsi %arg0 : i16 to i32
// CHECK-NEXT: %3 = arith.sitofp %2 : i32 to f32
// CHECK-NEXT: %4 = arith.bitcast %arg1 : f32 to i32
// CHECK-NEXT: return %arg0, %0, %1, %4, %3 : i16, f16, f32, i32, f32
func.func @casts(%x: i16, %f: f32, %h: bf16) -> (i16, f16, f32, i32, f32) {
  %0 = arith.bitcast %x : i16 to f16
  %1 = arith.bitcast %0 : f16 to bf16
  %2 = arith.bitcast %1 : bf16 to i16
  %3 = arith.bitcast %x : i16 to bf16
  %4 = arith.bitcast %3 : bf16 to f16
  %5 = arith.extf %h : bf16 to f32
  %6 = arith.extf %5 : f32 to f64
  %7 = arith.truncf %6 : f64 to f32
  %i = arith.extsi %x : i16 to i32
  %8 = arith.sitofp %i : i32 to f64
  %9 = arith.truncf %8 : f64 to f32
  %10 = arith.bitcast %f : f32 to i32
  return %2, %4, %7, %10, %9 : i16, f16, f32, i32, f32
}

// -----

// CHECK-LABEL: func.func @constants_left_alone() -> (i64, i8, i32, i64) {
// CHECK-NEXT: %c8_i64 = arith.constant 8 : i64
// CHECK-NEXT: %cst = arith.constant -1.500000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant 3.000000e+02 : f32
// CHECK-NEXT: %c1_i64 = arith.constant 1 : i64
// CHECK-NEXT: %c64_i64 = arith.constant 64 : i64
// CHECK-NEXT: %0 = arith.shli %c1_i64, %c64_i64 : i64
// CHECK-NEXT: %1 = arith.fptosi %cst_0 : f32 to i8
// CHECK-NEXT: %2 = arith.fptoui %cst : f32 to i32
// CHECK-NEXT: return %0, %1, %2, %c8_i64 : i64, i8, i32, i64
func.func @constants_left_alone() -> (i64, i8, i32, i64) {
  %c1 = arith.constant 1 : i64
  %c64 = arith.constant 64 : i64
  %0 = arith.shli %c1, %c64 : i64
  %f = arith.constant 3.000000e+02 : f32
  %1 = arith.fptosi %f : f32 to i8
  %n = arith.constant -1.500000e+00 : f32
  %2 = arith.fptoui %n : f32 to i32
  %c3 = arith.constant 3 : i64
  %3 = arith.shrsi %c64, %c3 : i64
  return %0, %1, %2, %3 : i64, i8, i32, i64
}
