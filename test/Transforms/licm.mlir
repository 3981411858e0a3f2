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
