// RUN: strata-opt %s -split-input-file -test-convert-types | FileCheck %s

// i16 becomes i32: function signatures and block arguments, op results.
// Where an unconverted user (test.legal, legal whatever its types) reads a
// converted value, a source materialization remains; where a converted op
// reads a value test.legal defines, a target materialization appears.
// Both are builtin.unrealized_conversion_cast; casts nobody needs go.

// CHECK-LABEL: func.func @signature(%arg0: i32) -> i32 {
// CHECK-NEXT:    %[[A:.*]] = "test.add"(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT:    return %[[A]] : i32
func.func @signature(%arg0: i16) -> i16 {
  %0 = "test.add"(%arg0, %arg0) : (i16, i16) -> i16
  return %0 : i16
}

// -----

// CHECK-LABEL: func.func @source_materialization(%arg0: i32) {
// CHECK-NEXT:    %[[A:.*]] = "test.add"(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT:    %[[S:.*]] = builtin.unrealized_conversion_cast %[[A]] : i32 to i16
// CHECK-NEXT:    "test.legal"(%[[S]]) : (i16) -> ()
// CHECK-NEXT:    return
func.func @source_materialization(%arg0: i16) {
  %0 = "test.add"(%arg0, %arg0) : (i16, i16) -> i16
  "test.legal"(%0) : (i16) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @target_materialization() -> i32 {
// CHECK-NEXT:    %[[L:.*]] = "test.legal"() : () -> i16
// CHECK-NEXT:    %[[T:.*]] = builtin.unrealized_conversion_cast %[[L]] : i16 to i32
// CHECK-NEXT:    %[[A:.*]] = "test.add"(%[[T]], %[[T]]) : (i32, i32) -> i32
// CHECK-NEXT:    return %[[A]] : i32
func.func @target_materialization() -> i16 {
  %0 = "test.legal"() : () -> i16
  %1 = "test.add"(%0, %0) : (i16, i16) -> i16
  return %1 : i16
}

// -----

// Other types are left alone; nested region arguments are converted.
// CHECK-LABEL: func.func @regions(%arg0: i32, %arg1: f32) -> f32 {
// CHECK-NEXT:    "test.loop"() ({
// CHECK-NEXT:    ^bb0(%[[X:.*]]: i32):
// CHECK-NEXT:      %[[Y:.*]] = "test.mul"(%[[X]], %arg0) : (i32, i32) -> i32
// CHECK-NEXT:      "test.yield"(%[[Y]]) : (i32) -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    return %arg1 : f32
func.func @regions(%arg0: i16, %arg1: f32) -> f32 {
  "test.loop"() ({
  ^bb0(%x: i16):
    %y = "test.mul"(%x, %arg0) : (i16, i16) -> i16
    "test.yield"(%y) : (i16) -> ()
  }) : () -> ()
  return %arg1 : f32
}

// -----

// Calls and callees agree after conversion.
// CHECK-LABEL: func.func @callee(%arg0: i32) -> i32
// CHECK-LABEL: func.func @caller(%arg0: i32) -> i32 {
// CHECK-NEXT:    %[[R:.*]] = call @callee(%arg0) : (i32) -> i32
// CHECK-NEXT:    return %[[R]] : i32
func.func @callee(%arg0: i16) -> i16 {
  return %arg0 : i16
}
func.func @caller(%arg0: i16) -> i16 {
  %0 = call @callee(%arg0) : (i16) -> i16
  return %0 : i16
}
