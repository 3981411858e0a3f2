// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> vector<f32>
// CHECK-NEXT: %1 = "foo.op"() : () -> vector<i1>
// CHECK-NEXT: }
// CHECK-EMPTY:

// A 0-d vector has no dimensions.
%0 = "foo.op"() : () -> vector<f32>
%1 = "foo.op"() : () -> vector<i1>
