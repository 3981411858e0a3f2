// RUN: strata-opt %s -split-input-file -test-legalize-patterns | FileCheck %s

// Partial conversion: illegal ops are converted, ops of unknown legality
// (test.pure, test.constant) stay as they are.

// CHECK-LABEL: func.func @illegal_to_legal
// CHECK-NEXT:    %[[C:.*]] = "test.constant"() {value = 1 : i32} : () -> i32
// CHECK-NEXT:    %[[A:.*]] = "test.legal"(%[[C]]) {tag = 1 : i64} : (i32) -> i32
// CHECK-NEXT:    %[[B:.*]] = "test.pure"(%[[A]]) : (i32) -> i32
// CHECK-NEXT:    return %[[B]] : i32
func.func @illegal_to_legal() -> i32 {
  %c = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.illegal"(%c) {tag = 1} : (i32) -> i32
  %1 = "test.pure"(%0) : (i32) -> i32
  return %1 : i32
}

// -----

// Regions move to the new op; the ops inside are converted too.
// CHECK-LABEL: func.func @nested
// CHECK-NEXT:    "test.legal"() ({
// CHECK-NEXT:      "test.legal"() : () -> ()
// CHECK-NEXT:      "test.yield"() : () -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    return
func.func @nested() {
  "test.illegal"() ({
    "test.illegal"() : () -> ()
    "test.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// test.add is dynamically legal: legal without the `convert` attribute,
// which its pattern drops in place. The other test.add is left alone.
// CHECK-LABEL: func.func @dynamic
// CHECK-NEXT:    %[[A:.*]] = "test.add"(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT:    %[[B:.*]] = "test.add"(%[[A]], %arg0) {keep} : (i32, i32) -> i32
// CHECK-NEXT:    return %[[B]] : i32
func.func @dynamic(%arg0: i32) -> i32 {
  %0 = "test.add"(%arg0, %arg0) {convert} : (i32, i32) -> i32
  %1 = "test.add"(%0, %arg0) {keep} : (i32, i32) -> i32
  return %1 : i32
}
