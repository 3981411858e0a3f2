// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> tuple<>
// CHECK-NEXT: %1 = "foo.op"() : () -> tuple<i32>
// CHECK-NEXT: %2 = "foo.op"() : () -> tuple<i32, f32>
// CHECK-NEXT: %3 = "foo.op"() : () -> tuple<tuple<i1>, index>
// CHECK-NEXT: }
// CHECK-EMPTY:

%0 = "foo.op"() : () -> tuple<>
%1 = "foo.op"() : () -> tuple<i32>
%2 = "foo.op"() : () -> tuple<i32, f32>
%3 = "foo.op"() : () -> tuple<tuple<i1>, index>
