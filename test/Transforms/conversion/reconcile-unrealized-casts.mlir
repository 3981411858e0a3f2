// RUN: strata-opt %s -split-input-file -reconcile-unrealized-casts | FileCheck %s

// Chains that come back to the original type cancel; dead casts go.

// CHECK-LABEL: func.func @round_trip
// CHECK-NEXT:    return %arg0 : i32
func.func @round_trip(%arg0: i32) -> i32 {
  %0 = builtin.unrealized_conversion_cast %arg0 : i32 to i16
  %1 = builtin.unrealized_conversion_cast %0 : i16 to i32
  return %1 : i32
}

// -----

// CHECK-LABEL: func.func @long_chain
// CHECK-NEXT:    return %arg0 : i32
func.func @long_chain(%arg0: i32) -> i32 {
  %0 = builtin.unrealized_conversion_cast %arg0 : i32 to i16
  %1 = builtin.unrealized_conversion_cast %0 : i16 to i8
  %2 = builtin.unrealized_conversion_cast %1 : i8 to i32
  return %2 : i32
}

// -----

// CHECK-LABEL: func.func @dead
// CHECK-NEXT:    return
func.func @dead(%arg0: i32) {
  %0 = builtin.unrealized_conversion_cast %arg0 : i32 to i16
  %1 = builtin.unrealized_conversion_cast %0 : i16 to i64
  return
}

// -----

// A cast that does not come back stays; its input cast stays too.
// CHECK-LABEL: func.func @partial
// CHECK-NEXT:    %[[A:.*]] = builtin.unrealized_conversion_cast %arg0 : i32 to i16
// CHECK-NEXT:    %[[B:.*]] = builtin.unrealized_conversion_cast %[[A]] : i16 to i64
// CHECK-NEXT:    return %[[B]] : i64
func.func @partial(%arg0: i32) -> i64 {
  %0 = builtin.unrealized_conversion_cast %arg0 : i32 to i16
  %1 = builtin.unrealized_conversion_cast %0 : i16 to i64
  return %1 : i64
}

// -----

// Multiple values at once.
// CHECK-LABEL: func.func @multi
// CHECK-NEXT:    return %arg1, %arg0 : i64, i32
func.func @multi(%arg0: i32, %arg1: i64) -> (i64, i32) {
  %0:2 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, i64 to i16, i16
  %1:2 = builtin.unrealized_conversion_cast %0#0, %0#1 : i16, i16 to i32, i64
  return %1#1, %1#0 : i64, i32
}
