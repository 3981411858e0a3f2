// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt --allow-unregistered-dialect %s | %mlir-accepts | FileCheck %s

// CHECK-LABEL: func.func private @decl(i32, f32 {my.attr}) -> (i32 {my.foo = 1 : i64})
// CHECK-LABEL: func.func @f(%arg0: i32, %arg1: f32) -> i32 attributes {bar} {
// CHECK-NEXT: %0 = call @f(%arg0, %arg1) : (i32, f32) -> i32
// CHECK-NEXT: %f = constant @f : (i32, f32) -> i32
// CHECK-NEXT: %1 = call_indirect %f(%arg0, %arg1) : (i32, f32) -> i32
// CHECK-NEXT: return %1 : i32
// CHECK-LABEL: func.func @g() {
// CHECK-NEXT: return
// CHECK-LABEL: func.func nested @h() -> ((i32) -> i32, f32)

func.func private @decl(i32, f32 {my.attr}) -> (i32 {my.foo = 1 : i64})
func.func @f(%a: i32, %b: f32) -> i32 attributes {bar} {
  %0 = func.call @f(%a, %b) : (i32, f32) -> i32
  %f = func.constant @f : (i32, f32) -> i32
  %1 = func.call_indirect %f(%a, %b) : (i32, f32) -> i32
  return %1 : i32
}
func.func @g() {
  return
}
func.func nested @h() -> ((i32) -> i32, f32)
