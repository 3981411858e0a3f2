// RUN: strata-opt %s -loop-invariant-code-motion | FileCheck %s

// Invariant pure ops (and what depends only on them) leave the loop; ops
// using the induction variable, with side effects, or reading memory stay.
// CHECK-LABEL: func.func @hoist
// CHECK-NEXT:    %[[A:.*]] = "test.add"(%arg0, %arg1)
// CHECK-NEXT:    %[[M:.*]] = "test.mul"(%[[A]], %arg1)
// CHECK-NEXT:    "test.loop"() ({
// CHECK-NEXT:    ^bb0(%[[IV:.*]]: i32):
// CHECK-NEXT:      %[[R:.*]] = "test.read"()
// CHECK-NEXT:      %[[U:.*]] = "test.add"(%[[IV]], %[[M]])
// CHECK-NEXT:      "test.write"(%[[U]], %[[R]])
// CHECK-NEXT:      "test.yield"()
func.func @hoist(%a: i32, %b: i32) {
  "test.loop"() ({
  ^bb0(%iv: i32):
    %0 = "test.add"(%a, %b) : (i32, i32) -> i32
    %r = "test.read"() : () -> i32
    %1 = "test.mul"(%0, %b) : (i32, i32) -> i32
    %2 = "test.add"(%iv, %1) : (i32, i32) -> i32
    "test.write"(%2, %r) : (i32, i32) -> ()
    "test.yield"() : () -> ()
  }) : () -> ()
  return
}

// Hoisted ops keep their program order: the worklist is first in, first out
// (MLIR's moveLoopInvariantCode), so %c10 comes before the add that waited
// for %c2. The CHECK lines are mlir-opt 22's output.
// CHECK-LABEL: func.func @hoisted_in_program_order(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:   %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:   %c10_i32 = arith.constant 10 : i32
// CHECK-NEXT:   %0 = arith.addi %arg0, %c2_i32 : i32
// CHECK-NEXT:   %1 = arith.muli %0, %c10_i32 : i32
// CHECK-NEXT:   %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:   %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:   %2 = scf.while (%arg2 = %arg1) : (i32) -> i32 {
// CHECK-NEXT:     %3 = arith.cmpi slt, %arg2, %1 : i32
// CHECK-NEXT:     scf.condition(%3) %arg2 : i32
// CHECK-NEXT:   } do {
// CHECK-NEXT:   ^bb0(%arg2: i32):
// CHECK-NEXT:     %3 = arith.addi %c1_i32, %arg2 : i32
// CHECK-NEXT:     scf.yield %3 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %2 : i32
// CHECK-NEXT: }
func.func @hoisted_in_program_order(%arg0: i32, %arg1: i32) -> i32 {
  %0 = scf.while (%arg2 = %arg1) : (i32) -> (i32) {
    %c2 = arith.constant 2 : i32
    %c10 = arith.constant 10 : i32
    %added = arith.addi %arg0, %c2 : i32
    %scaled = arith.muli %added, %c10 : i32
    %c3 = arith.constant 3 : i32
    %1 = arith.cmpi slt, %arg2, %scaled : i32
    scf.condition(%1) %arg2 : i32
  } do {
  ^bb0(%arg2: i32):
    %c1 = arith.constant 1 : i32
    %added2 = arith.addi %c1, %arg2 : i32
    scf.yield %added2 : i32
  }
  return %0 : i32
}
