// RUN: strata-opt %s -split-input-file -allow-unregistered-dialect -inline | FileCheck %s
// RUN: strata-opt %s -split-input-file -allow-unregistered-dialect -pass-pipeline='builtin.module(builtin.module(inline))' | FileCheck %s --check-prefix=NESTED

// The inliner erases the callables nothing refers to that other IR cannot
// see either (MLIR's dead call-graph nodes): private ones, and nested ones
// in a module no op outside can name. Uses are counted before erasing: a
// private function called only from a dead one stays, and a private
// function that calls itself is used. Declarations are not callables.

// CHECK: module {
// CHECK-NEXT: func.func private @used_by_dead() {
// CHECK-NEXT: "test.bar"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @recursive() {
// CHECK-NEXT: call @recursive() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @declaration()
// CHECK-NEXT: func.func @public() {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:
// NESTED: module {
// NESTED-NEXT: func.func private @dead() {
// NESTED-NEXT: "test.foo"() : () -> ()
// NESTED-NEXT: call @used_by_dead() : () -> ()
// NESTED-NEXT: return
// NESTED-NEXT: }
// NESTED-NEXT: func.func private @used_by_dead() {
// NESTED-NEXT: "test.bar"() : () -> ()
// NESTED-NEXT: return
// NESTED-NEXT: }
// NESTED-NEXT: func.func nested @dead_nested() {
// NESTED-NEXT: return
// NESTED-NEXT: }
// NESTED-NEXT: func.func private @recursive() {
// NESTED-NEXT: call @recursive() : () -> ()
// NESTED-NEXT: return
// NESTED-NEXT: }
// NESTED-NEXT: func.func private @declaration()
// NESTED-NEXT: func.func @public() {
// NESTED-NEXT: return
// NESTED-NEXT: }
// NESTED-NEXT: }
// NESTED-EMPTY:

func.func private @dead() {
  "test.foo"() : () -> ()
  func.call @used_by_dead() : () -> ()
  return
}
func.func private @used_by_dead() {
  "test.bar"() : () -> ()
  return
}
func.func nested @dead_nested() {
  return
}
func.func private @recursive() {
  func.call @recursive() : () -> ()
  return
}
func.func private @declaration()
func.func @public() {
  return
}

// -----
// CHECK: module {
// CHECK-NEXT: module @inner {
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:
// NESTED: module {
// NESTED-NEXT: module @inner {
// NESTED-NEXT: func.func nested @dead_nested() {
// NESTED-NEXT: return
// NESTED-NEXT: }
// NESTED-NEXT: }
// NESTED-NEXT: }
// NESTED-EMPTY:

// Under `builtin.module(builtin.module(inline))`, a public module is
// visible from its parent: its nested functions stay.
module {
  module @inner {
    func.func nested @dead_nested() {
      return
    }
    func.func private @dead_private() {
      return
    }
  }
}
