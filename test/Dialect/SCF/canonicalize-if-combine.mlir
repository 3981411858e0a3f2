// scf.if / scf.index_switch canonicalizations of MLIR 22: IfOp::fold on a
// negated condition, ReplaceIfYieldWithConditionOrValue, CombineIfs (same
// and negated conditions, results used by the second if),
// CombineNestedIfs (with an arith.select for a value yielded from
// outside) and FoldConstantCase. CHECK lines are mlir-opt 22's output; the
// interpreter runs every function before and after on random inputs.
// RUN: strata-opt --canonicalize %s | FileCheck %s
// RUN: strata-opt --canonicalize %s --verify-equivalence=swap --equivalence-trials=8 > /dev/null
// RUN: strata-opt --canonicalize %s --verify-equivalence=cond_value --equivalence-trials=8 > /dev/null
// RUN: strata-opt --canonicalize %s --verify-equivalence=combine --equivalence-trials=8 > /dev/null
// RUN: strata-opt --canonicalize %s --verify-equivalence=combine_not --equivalence-trials=8 > /dev/null
// RUN: strata-opt --canonicalize %s --verify-equivalence=nested --equivalence-trials=8 > /dev/null
// RUN: strata-opt --canonicalize %s --verify-equivalence=switch --equivalence-trials=8 > /dev/null
// REQUIRES: mlir-opt
// RUN: mlir-opt --canonicalize %s | FileCheck %s


// CHECK-LABEL: func.func @swap(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: %1 = arith.muli %arg1, %arg2 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %1 = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @cond_value(%arg0: i1, %arg1: i32) -> (i32, i1, i1, i32) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = arith.xori %arg0, %true : i1
// CHECK-NEXT: %1 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: %2 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT: scf.yield %2 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %2 = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT: scf.yield %2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %1, %arg0, %0, %arg1 : i32, i1, i1, i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @combine(%arg0: i1, %arg1: i32, %arg2: memref<2xi32>) -> i32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: %1 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT: %2 = arith.muli %1, %arg1 : i32
// CHECK-NEXT: memref.store %2, %arg2[%c0] : memref<2xi32>
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %1 = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @combine_not(%arg0: i1, %arg1: i32, %arg2: memref<2xi32>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: memref.store %arg1, %arg2[%c0] : memref<2xi32>
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.store %arg1, %arg2[%c1] : memref<2xi32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @nested(%arg0: i1, %arg1: i1, %arg2: i32, %arg3: i32, %arg4: memref<2xi32>) -> i32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT: %1 = arith.select %arg0, %arg2, %arg3 : i32
// CHECK-NEXT: scf.if %0 {
// CHECK-NEXT: memref.store %arg2, %arg4[%c0] : memref<2xi32>
// CHECK-NEXT: }
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @switch(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: return %0, %c0_i32 : i32, i32
// CHECK-NEXT: }

func.func @swap(%c: i1, %a: i32, %b: i32) -> i32 {
  %true = arith.constant true
  %not = arith.xori %c, %true : i1
  %r = scf.if %not -> (i32) {
    %x = arith.addi %a, %b : i32
    scf.yield %x : i32
  } else {
    %y = arith.muli %a, %b : i32
    scf.yield %y : i32
  }
  return %r : i32
}

func.func @cond_value(%c: i1, %a: i32) -> (i32, i1, i1, i32) {
  %true = arith.constant true
  %false = arith.constant false
  %r:4 = scf.if %c -> (i32, i1, i1, i32) {
    %x = arith.addi %a, %a : i32
    scf.yield %x, %true, %false, %a : i32, i1, i1, i32
  } else {
    %y = arith.muli %a, %a : i32
    scf.yield %y, %false, %true, %a : i32, i1, i1, i32
  }
  return %r#0, %r#1, %r#2, %r#3 : i32, i1, i1, i32
}

func.func @combine(%c: i1, %a: i32, %m: memref<2xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> (i32) {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  } else {
    %y = arith.muli %a, %a : i32
    scf.yield %y : i32
  }
  scf.if %c {
    %z = arith.muli %r, %a : i32
    memref.store %z, %m[%c0] : memref<2xi32>
  }
  return %r : i32
}

func.func @combine_not(%c: i1, %a: i32, %m: memref<2xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %not = arith.xori %c, %true : i1
  scf.if %c {
    memref.store %a, %m[%c0] : memref<2xi32>
  }
  scf.if %not {
    memref.store %a, %m[%c1] : memref<2xi32>
  }
  return
}

func.func @nested(%c: i1, %d: i1, %a: i32, %b: i32, %m: memref<2xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> (i32) {
    scf.if %d {
      memref.store %a, %m[%c0] : memref<2xi32>
    }
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  return %r : i32
}

func.func @switch(%a: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %0 = scf.index_switch %c1 -> i32
  case 1 {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  }
  default {
    scf.yield %a : i32
  }
  %1 = scf.index_switch %c7 -> i32
  case 0 {
    %y = arith.muli %a, %a : i32
    scf.yield %y : i32
  }
  default {
    %z = arith.subi %a, %a : i32
    scf.yield %z : i32
  }
  return %0, %1 : i32, i32
}
