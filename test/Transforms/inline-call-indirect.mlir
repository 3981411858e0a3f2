// RUN: strata-opt %s -split-input-file -canonicalize | FileCheck %s --check-prefix=CANON
// RUN: strata-opt %s -split-input-file -inline | FileCheck %s

// func.call_indirect of a func.constant is a direct call (MLIR's
// SimplifyIndirectCallWithKnownCallee; attributes of the indirect call are
// not kept), which the inliner's canonicalization rounds expose to
// inlining.

// CANON: module {
// CANON-NEXT: func.func private @g(%arg0: i32) -> i32 {
// CANON-NEXT: %c3_i32 = arith.constant 3 : i32
// CANON-NEXT: %0 = arith.addi %arg0, %c3_i32 : i32
// CANON-NEXT: return %0 : i32
// CANON-NEXT: }
// CANON-NEXT: func.func @indirect(%arg0: i32) -> i32 {
// CANON-NEXT: %0 = call @g(%arg0) : (i32) -> i32
// CANON-NEXT: return %0 : i32
// CANON-NEXT: }
// CANON-NEXT: }
// CANON-EMPTY:
// CHECK: module {
// CHECK-NEXT: func.func @indirect(%arg0: i32) -> i32 {
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c3_i32 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:

func.func private @g(%a: i32) -> i32 {
  %c = arith.constant 3 : i32
  %s = arith.addi %a, %c : i32
  return %s : i32
}
func.func @indirect(%a: i32) -> i32 {
  %f = func.constant @g : (i32) -> i32
  %0 = func.call_indirect %f(%a) {arg_attrs = [{test.x}], res_attrs = [{test.y}]} : (i32) -> i32
  return %0 : i32
}

// -----
// CANON: module {
// CANON-NEXT: func.func @return_constant() -> i32 {
// CANON-NEXT: %c0_i32 = arith.constant 0 : i32
// CANON-NEXT: return %c0_i32 : i32
// CANON-NEXT: }
// CANON-NEXT: func.func @return_reference() -> (() -> i32) {
// CANON-NEXT: %f = constant @return_constant : () -> i32
// CANON-NEXT: return %f : () -> i32
// CANON-NEXT: }
// CANON-NEXT: func.func @inline_simplify() -> i32 {
// CANON-NEXT: %0 = call @return_reference() : () -> (() -> i32)
// CANON-NEXT: %1 = call_indirect %0() : () -> i32
// CANON-NEXT: return %1 : i32
// CANON-NEXT: }
// CANON-NEXT: }
// CANON-EMPTY:
// CHECK: module {
// CHECK-NEXT: func.func @return_constant() -> i32 {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: return %c0_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @return_reference() -> (() -> i32) {
// CHECK-NEXT: %f = constant @return_constant : () -> i32
// CHECK-NEXT: return %f : () -> i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @inline_simplify() -> i32 {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: return %c0_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:

// The function value comes out of an inlined call first.
func.func @return_constant() -> i32 {
  %res = arith.constant 0 : i32
  return %res : i32
}
func.func @return_reference() -> (() -> i32) {
  %res = func.constant @return_constant : () -> i32
  return %res : () -> i32
}
func.func @inline_simplify() -> i32 {
  %fn = func.call @return_reference() : () -> (() -> i32)
  %res = func.call_indirect %fn() : () -> i32
  return %res : i32
}
