// RUN: strata-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s

// Folding through the test dialect's hooks, materialization of folded
// constants, hoisting and de-duplication of constants, and erasure of
// dead ops.

// CHECK-LABEL: func.func @fold_constants
// CHECK-NEXT:    %[[C:.*]] = "test.constant"() {value = 3 : i32} : () -> i32
// CHECK-NEXT:    return %[[C]] : i32
func.func @fold_constants() -> i32 {
  %c1 = "test.constant"() {value = 1 : i32} : () -> i32
  %c2 = "test.constant"() {value = 2 : i32} : () -> i32
  %0 = "test.add"(%c1, %c2) : (i32, i32) -> i32
  return %0 : i32
}

// -----

// x + 0 folds to x; x * 1 folds to x; dead ops disappear.
// CHECK-LABEL: func.func @identities
// CHECK-NEXT:    return %arg0 : i32
func.func @identities(%a: i32) -> i32 {
  %c0 = "test.constant"() {value = 0 : i32} : () -> i32
  %c1 = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%a, %c0) : (i32, i32) -> i32
  %1 = "test.mul"(%0, %c1) : (i32, i32) -> i32
  %dead = "test.pure"(%1) : (i32) -> i32
  return %1 : i32
}

// -----

// Commutative ops move constants to the right, as MLIR's foldCommutative.
// CHECK-LABEL: func.func @commutative
// CHECK-NEXT:    %[[C:.*]] = "test.constant"() {value = 5 : i32}
// CHECK-NEXT:    %[[R:.*]] = "test.add"(%arg0, %[[C]])
// CHECK-NEXT:    return %[[R]]
func.func @commutative(%a: i32) -> i32 {
  %c5 = "test.constant"() {value = 5 : i32} : () -> i32
  %0 = "test.add"(%c5, %a) : (i32, i32) -> i32
  return %0 : i32
}

// -----

// Equal constants are de-duplicated and hoisted to the entry block.
// CHECK-LABEL: func.func @dedup
// CHECK-NEXT:    %[[C:.*]] = "test.constant"() {value = 7 : i32}
// CHECK-NEXT:    "test.write"(%[[C]])
// CHECK-NEXT:    "test.write"(%[[C]])
// CHECK-NEXT:    return
func.func @dedup() {
  %c = "test.constant"() {value = 7 : i32} : () -> i32
  "test.write"(%c) : (i32) -> ()
  %d = "test.constant"() {value = 7 : i32} : () -> i32
  "test.write"(%d) : (i32) -> ()
  return
}

// -----

// A canonicalization pattern (sub(x, x) -> 0) whose result folds further.
// CHECK-LABEL: func.func @pattern_then_fold
// CHECK-NEXT:    return %arg0 : i32
func.func @pattern_then_fold(%a: i32) -> i32 {
  %0 = "test.sub"(%a, %a) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  return %1 : i32
}

// -----

// Side effects keep unused ops alive; reads do not.
// CHECK-LABEL: func.func @effects
// CHECK-NEXT:    "test.write"
// CHECK-NEXT:    return
func.func @effects() {
  %0 = "test.read"() : () -> i32
  "test.write"() : () -> ()
  return
}

// -----

// Unreachable blocks are erased (region simplification).
// CHECK-LABEL: func.func @unreachable
// CHECK-NEXT:    "test.br"()[^bb1]
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    return
// CHECK-NOT:   ^bb2
func.func @unreachable() {
  "test.br"()[^bb1] : () -> ()
^bb1:
  return
^bb2:
  "test.write"() : () -> ()
  "test.br"()[^bb1] : () -> ()
}
