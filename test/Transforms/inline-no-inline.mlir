// RUN: strata-opt %s -split-input-file -inline | FileCheck %s
// RUN: strata-opt %s -split-input-file -inline='default-pipeline=' | FileCheck %s --check-prefix=NOSIMPLIFY

// `no_inline` on a call keeps that call; on a function, every call of it
// (MLIR's func inliner interface).

// CHECK: module {
// CHECK-NEXT: func.func @callee(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @inline_with_arg(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @no_inline_call(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = call @callee(%arg0) {no_inline} : (i32) -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @no_inline_callee(%arg0: i32) -> i32 attributes {no_inline} {
// CHECK-NEXT: %0 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @call_no_inline_callee(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = call @no_inline_callee(%arg0) : (i32) -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:
// NOSIMPLIFY: module {
// NOSIMPLIFY-NEXT: func.func @callee(%arg0: i32) -> i32 {
// NOSIMPLIFY-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// NOSIMPLIFY-NEXT: return %0 : i32
// NOSIMPLIFY-NEXT: }
// NOSIMPLIFY-NEXT: func.func @inline_with_arg(%arg0: i32) -> i32 {
// NOSIMPLIFY-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// NOSIMPLIFY-NEXT: return %0 : i32
// NOSIMPLIFY-NEXT: }
// NOSIMPLIFY-NEXT: func.func @no_inline_call(%arg0: i32) -> i32 {
// NOSIMPLIFY-NEXT: %0 = call @callee(%arg0) {no_inline} : (i32) -> i32
// NOSIMPLIFY-NEXT: return %0 : i32
// NOSIMPLIFY-NEXT: }
// NOSIMPLIFY-NEXT: func.func @no_inline_callee(%arg0: i32) -> i32 attributes {no_inline} {
// NOSIMPLIFY-NEXT: %0 = arith.muli %arg0, %arg0 : i32
// NOSIMPLIFY-NEXT: return %0 : i32
// NOSIMPLIFY-NEXT: }
// NOSIMPLIFY-NEXT: func.func @call_no_inline_callee(%arg0: i32) -> i32 {
// NOSIMPLIFY-NEXT: %0 = call @no_inline_callee(%arg0) : (i32) -> i32
// NOSIMPLIFY-NEXT: return %0 : i32
// NOSIMPLIFY-NEXT: }
// NOSIMPLIFY-NEXT: }
// NOSIMPLIFY-EMPTY:

func.func @callee(%c : i32) -> i32 {
  %b = arith.addi %c, %c : i32
  return %b : i32
}
func.func @inline_with_arg(%arg0 : i32) -> i32 {
  %0 = call @callee(%arg0) : (i32) -> i32
  return %0 : i32
}
func.func @no_inline_call(%arg0 : i32) -> i32 {
  %0 = call @callee(%arg0) {no_inline} : (i32) -> i32
  return %0 : i32
}
func.func @no_inline_callee(%c : i32) -> i32 attributes {no_inline} {
  %b = arith.muli %c, %c : i32
  return %b : i32
}
func.func @call_no_inline_callee(%arg0 : i32) -> i32 {
  %0 = call @no_inline_callee(%arg0) : (i32) -> i32
  return %0 : i32
}

// -----
// CHECK: module {
// CHECK-NEXT: func.func private @f() -> i32 {
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: return %c2_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @caller() -> (i32, i32) {
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %0 = call @f() {no_inline} : () -> i32
// CHECK-NEXT: return %0, %c2_i32 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:
// NOSIMPLIFY: module {
// NOSIMPLIFY-NEXT: func.func private @f() -> i32 {
// NOSIMPLIFY-NEXT: %c2_i32 = arith.constant 2 : i32
// NOSIMPLIFY-NEXT: return %c2_i32 : i32
// NOSIMPLIFY-NEXT: }
// NOSIMPLIFY-NEXT: func.func @caller() -> (i32, i32) {
// NOSIMPLIFY-NEXT: %0 = call @f() {no_inline} : () -> i32
// NOSIMPLIFY-NEXT: %c2_i32 = arith.constant 2 : i32
// NOSIMPLIFY-NEXT: return %0, %c2_i32 : i32, i32
// NOSIMPLIFY-NEXT: }
// NOSIMPLIFY-NEXT: }
// NOSIMPLIFY-EMPTY:

// A private function keeps the calls marked `no_inline`, so it stays.
func.func private @f() -> i32 {
  %c = arith.constant 2 : i32
  return %c : i32
}
func.func @caller() -> (i32, i32) {
  %0 = func.call @f() {no_inline} : () -> i32
  %1 = func.call @f() : () -> i32
  return %0, %1 : i32, i32
}
