// RUN: strata-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(sccp))' | FileCheck %s

// Constants propagate through folds; every constant value is materialized
// afresh at the top of the function, newest first, as mlir-opt does (the
// unused ones are left for canonicalize).
// CHECK-LABEL: func.func @simple
// CHECK-NEXT:    %[[C:.*]] = "test.constant"() {value = 6 : i32}
// CHECK-NEXT:    "test.constant"() {value = 3 : i32}
// CHECK-NEXT:    "test.constant"() {value = 2 : i32}
// CHECK-NEXT:    return %[[C]]
func.func @simple() -> i32 {
  %c2 = "test.constant"() {value = 2 : i32} : () -> i32
  %c3 = "test.constant"() {value = 3 : i32} : () -> i32
  %0 = "test.mul"(%c2, %c3) : (i32, i32) -> i32
  return %0 : i32
}

// -----

// Only the executable edge of a conditional branch feeds the block
// argument: %x is 1 although ^bb2 would pass 2.
// CHECK-LABEL: func.func @branch
// CHECK:         %[[C1:.*]] = "test.constant"() {value = 1 : i32}
// CHECK:       ^bb3(%{{.*}}: i32):
// CHECK-NEXT:    return %[[C1]]
func.func @branch() -> i32 {
  %true = "test.constant"() {value = true} : () -> i1
  "test.cond_br"(%true)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  %c1 = "test.constant"() {value = 1 : i32} : () -> i32
  "test.br"(%c1)[^bb3] : (i32) -> ()
^bb2:
  %c2 = "test.constant"() {value = 2 : i32} : () -> i32
  "test.br"(%c2)[^bb3] : (i32) -> ()
^bb3(%x: i32):
  return %x : i32
}

// -----

// Both edges live with different values: overdefined, nothing replaced.
// CHECK-LABEL: func.func @unknown
// CHECK:       ^bb3(%[[X:.*]]: i32):
// CHECK-NEXT:    return %[[X]]
func.func @unknown(%cond: i1) -> i32 {
  "test.cond_br"(%cond)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  %c1 = "test.constant"() {value = 1 : i32} : () -> i32
  "test.br"(%c1)[^bb3] : (i32) -> ()
^bb2:
  %c2 = "test.constant"() {value = 2 : i32} : () -> i32
  "test.br"(%c2)[^bb3] : (i32) -> ()
^bb3(%x: i32):
  return %x : i32
}

// -----

// Region branches: only the taken region's yield reaches the result.
// CHECK-LABEL: func.func @region_branch
// CHECK:         %[[C:.*]] = "test.constant"() {value = 10 : i32}
// CHECK:         return %[[C]]
func.func @region_branch(%a: i32) -> i32 {
  %false = "test.constant"() {value = false} : () -> i1
  %0 = "test.if"(%false) ({
    "test.yield"(%a) : (i32) -> ()
  }, {
    %c = "test.constant"() {value = 10 : i32} : () -> i32
    "test.yield"(%c) : (i32) -> ()
  }) : (i1) -> i32
  return %0 : i32
}
