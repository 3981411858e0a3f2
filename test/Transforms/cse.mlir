// RUN: strata-opt %s -split-input-file -cse | FileCheck %s

// CHECK-LABEL: func.func @simple
// CHECK-NEXT:    %[[A:.*]] = "test.add"(%arg0, %arg1)
// CHECK-NEXT:    %[[M:.*]] = "test.mul"(%[[A]], %[[A]])
// CHECK-NEXT:    return %[[M]]
func.func @simple(%a: i32, %b: i32) -> i32 {
  %0 = "test.add"(%a, %b) : (i32, i32) -> i32
  %1 = "test.add"(%a, %b) : (i32, i32) -> i32
  %2 = "test.mul"(%0, %1) : (i32, i32) -> i32
  return %2 : i32
}

// -----

// Different attributes or result types are different expressions.
// CHECK-LABEL: func.func @different
// CHECK:         "test.pure"(%arg0) {k = 1 : i32}
// CHECK-NEXT:    "test.pure"(%arg0) {k = 2 : i32}
// CHECK-NEXT:    "test.pure"(%arg0) {k = 1 : i32} : (i32) -> i64
func.func @different(%a: i32) {
  %0 = "test.pure"(%a) {k = 1 : i32} : (i32) -> i32
  %1 = "test.pure"(%a) {k = 2 : i32} : (i32) -> i32
  %2 = "test.pure"(%a) {k = 1 : i32} : (i32) -> i64
  "test.write"(%0, %1, %2) : (i32, i32, i64) -> ()
  return
}

// -----

// Ops with side effects are not merged; reads are, unless a write sits
// between them.
// CHECK-LABEL: func.func @effects
// CHECK-NEXT:    %[[R0:.*]] = "test.read"()
// CHECK-NEXT:    "test.write"(%[[R0]], %[[R0]])
// CHECK-NEXT:    %[[R1:.*]] = "test.read"()
// CHECK-NEXT:    "test.write"(%[[R1]])
// CHECK-NEXT:    "test.write"(%[[R1]])
func.func @effects() {
  %0 = "test.read"() : () -> i32
  %1 = "test.read"() : () -> i32
  "test.write"(%0, %1) : (i32, i32) -> ()
  %2 = "test.read"() : () -> i32
  "test.write"(%2) : (i32) -> ()
  "test.write"(%2) : (i32) -> ()
  return
}

// -----

// An op in a dominating block replaces one in a dominated block, not the
// other way round.
// CHECK-LABEL: func.func @dominance
// CHECK:         %[[X:.*]] = "test.pure"(%arg0)
// CHECK:       ^bb1:
// CHECK-NEXT:    "test.write"(%[[X]])
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[Y:.*]] = "test.pure"(%arg1)
// CHECK-NEXT:    "test.write"(%[[Y]])
// CHECK:       ^bb3:
// CHECK-NEXT:    %[[Z:.*]] = "test.pure"(%arg1)
// CHECK-NEXT:    "test.write"(%[[Z]])
func.func @dominance(%a: i32, %b: i32, %c: i1) {
  %0 = "test.pure"(%a) : (i32) -> i32
  "test.write"(%0) : (i32) -> ()
  "test.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  %1 = "test.pure"(%a) : (i32) -> i32
  "test.write"(%1) : (i32) -> ()
  "test.br"()[^bb3] : () -> ()
^bb2:
  %2 = "test.pure"(%b) : (i32) -> i32
  "test.write"(%2) : (i32) -> ()
  "test.br"()[^bb3] : () -> ()
^bb3:
  %3 = "test.pure"(%b) : (i32) -> i32
  "test.write"(%3) : (i32) -> ()
  return
}

// -----

// Nested regions see the enclosing expressions; an isolated op does not.
// CHECK-LABEL: func.func @regions
// CHECK-NEXT:    %[[X:.*]] = "test.pure"(%arg0)
// CHECK-NEXT:    "test.loop"() ({
// CHECK-NEXT:      "test.write"(%[[X]])
// CHECK-NEXT:      "test.yield"()
// CHECK-NEXT:    })
// CHECK-NEXT:    "test.isolated"() ({
// CHECK-NEXT:    ^bb0(%[[ARG:.*]]: i32):
// CHECK-NEXT:      %[[Y:.*]] = "test.pure"(%[[ARG]])
// CHECK-NEXT:      "test.write"(%[[Y]], %[[Y]])
func.func @regions(%a: i32) {
  %0 = "test.pure"(%a) : (i32) -> i32
  "test.loop"() ({
    %1 = "test.pure"(%a) : (i32) -> i32
    "test.write"(%1) : (i32) -> ()
    "test.yield"() : () -> ()
  }) : () -> ()
  "test.isolated"() ({
  ^bb0(%b: i32):
    %2 = "test.pure"(%b) : (i32) -> i32
    %3 = "test.pure"(%b) : (i32) -> i32
    "test.write"(%2, %3) : (i32, i32) -> ()
  }) : () -> ()
  "test.write"(%0) : (i32) -> ()
  return
}
