// LICM out of MLIR's `test.graph_loop`, whose body is a graph region: an
// op moves once its operands are defined outside, so ops are hoisted in
// the order their operands become available (the constant, then the addi
// that uses it, then the muli), a cycle of uses stays, and a loop inside
// a region without terminator (`test.single_no_terminator_op`) hoists
// into that region. The output is byte-identical to mlir-opt 22's (the
// diff), custom forms included.
// RUN: strata-opt %s --allow-unregistered-dialect --loop-invariant-code-motion > %t.strata
// RUN: FileCheck %s < %t.strata
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --allow-unregistered-dialect --loop-invariant-code-motion > %t.mlir
// RUN: diff %t.strata %t.mlir

// CHECK-LABEL: func.func @hoist_in_use_order(
// CHECK-NEXT: %[[K:.*]] = arith.constant 9 : i32
// CHECK-NEXT: %[[B:.*]] = arith.addi %[[K]], %arg0 : i32
// CHECK-NEXT: %[[A:.*]] = arith.muli %[[B]], %[[K]] : i32
// CHECK-NEXT: test.graph_loop  {
// CHECK-NEXT: "test.opaque"(%[[A]])

// CHECK-LABEL: func.func @cycle_stays(
// CHECK-NEXT: test.graph_loop  {
// CHECK-NEXT: arith.addi
// CHECK-NEXT: arith.addi

// CHECK-LABEL: func.func @no_terminator_parent(
// CHECK-NEXT: test.single_no_terminator_op : {
// CHECK-NEXT: arith.xori %arg0, %arg0 : i32
// CHECK-NEXT: test.graph_loop  {

func.func @hoist_in_use_order(%x: i32) {
  test.graph_loop {
    %a = arith.muli %b, %k : i32
    %b = arith.addi %k, %x : i32
    %k = arith.constant 9 : i32
    %c = "test.opaque"(%a) : (i32) -> i32
    test.region_yield %c : i32
  } : () -> ()
  return
}

func.func @cycle_stays() {
  test.graph_loop {
    %p = arith.addi %q, %q : i32
    %q = arith.addi %p, %p : i32
    test.region_yield %p : i32
  } : () -> ()
  return
}

func.func @no_terminator_parent(%x: i32) {
  test.single_no_terminator_op : {
    test.graph_loop {
      %a = arith.xori %x, %x : i32
      test.region_yield %a : i32
    } : () -> ()
  }
  return
}
