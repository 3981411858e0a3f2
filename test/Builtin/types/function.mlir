// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> (() -> ())
// CHECK-NEXT: %1 = "foo.op"() : () -> ((i32) -> i32)
// CHECK-NEXT: %2 = "foo.op"() : () -> ((i32, f32) -> (i1, i8))
// CHECK-NEXT: %3 = "foo.op"() : () -> (() -> (() -> ()))
// CHECK-NEXT: }
// CHECK-EMPTY:

// Function types as values' types.
%0 = "foo.op"() : () -> (() -> ())
%1 = "foo.op"() : () -> ((i32) -> i32)
%2 = "foo.op"() : () -> ((i32, f32) -> (i1, i8))
%3 = "foo.op"() : () -> (() -> (() -> ()))
