// cse in a graph region, as MLIR 22's CSE: a use may come before its
// definition, so a duplicate's uses are replaced only in ops not visited
// yet; the duplicate stays while an op visited earlier (here the muli)
// still reads it. The third addi has only later uses and goes away.
// The output is byte-identical to mlir-opt 22's (the diff).
// RUN: strata-opt %s --allow-unregistered-dialect --cse > %t.strata
// RUN: FileCheck %s < %t.strata
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --allow-unregistered-dialect --cse > %t.mlir
// RUN: diff %t.strata %t.mlir

// CHECK-LABEL: func.func @use_before_def(
// CHECK: test.graph_region {
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[A:.*]], %[[B:.*]] : i32
// CHECK-NEXT: %[[A]] = arith.addi
// CHECK-NEXT: %[[B]] = arith.addi
// CHECK-NEXT: "foo.use"(%[[M]], %[[A]])
func.func @use_before_def(%x: i32) {
  test.graph_region {
    %sum = arith.muli %a, %b : i32
    %a = arith.addi %x, %x : i32
    %b = arith.addi %x, %x : i32
    %c = arith.addi %x, %x : i32
    "foo.use"(%sum, %c) : (i32, i32) -> ()
  }
  return
}
