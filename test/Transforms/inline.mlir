// RUN: strata-opt %s -split-input-file -inline | FileCheck %s

// A private callee is inlined into its caller and erased.
// CHECK-LABEL: func.func @caller
// CHECK-NEXT:    %[[A:.*]] = "test.add"(%arg0, %arg1)
// CHECK-NEXT:    %[[M:.*]] = "test.mul"(%[[A]], %arg1)
// CHECK-NEXT:    return %[[M]]
// CHECK-NOT:   func.func private @callee
func.func @caller(%a: i32, %b: i32) -> i32 {
  %0 = func.call @callee(%a, %b) : (i32, i32) -> i32
  %1 = "test.mul"(%0, %b) : (i32, i32) -> i32
  return %1 : i32
}
func.func private @callee(%x: i32, %y: i32) -> i32 {
  %0 = "test.add"(%x, %y) : (i32, i32) -> i32
  return %0 : i32
}

// -----

// A public callee stays after inlining; the body is canonicalized.
// CHECK-LABEL: func.func @twice
// CHECK-NEXT:    %[[C:.*]] = "test.constant"() {value = 4 : i32}
// CHECK-NEXT:    return %[[C]]
// CHECK:       func.func @two
func.func @twice() -> i32 {
  %0 = func.call @two() : () -> i32
  %1 = func.call @two() : () -> i32
  %2 = "test.add"(%0, %1) : (i32, i32) -> i32
  return %2 : i32
}
func.func @two() -> i32 {
  %c = "test.constant"() {value = 2 : i32} : () -> i32
  return %c : i32
}

// -----

// Recursion is not inlined into itself.
// CHECK-LABEL: func.func @rec
// CHECK:         call @rec
func.func @rec(%a: i32) -> i32 {
  %0 = func.call @rec(%a) : (i32) -> i32
  return %0 : i32
}
