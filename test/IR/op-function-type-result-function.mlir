// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> ((i32) -> i64)
// CHECK-NEXT: }
// CHECK-EMPTY:

// A function type that returns a function type.
%0 = "foo.op"() : () -> ((i32) -> i64)
