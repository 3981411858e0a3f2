// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> f16
// CHECK-NEXT: %1 = "foo.op"() : () -> bf16
// CHECK-NEXT: %2 = "foo.op"() : () -> f32
// CHECK-NEXT: %3 = "foo.op"() : () -> f64
// CHECK-NEXT: %4 = "foo.op"() : () -> f80
// CHECK-NEXT: %5 = "foo.op"() : () -> f128
// CHECK-NEXT: %6 = "foo.op"() : () -> tf32
// CHECK-NEXT: }
// CHECK-EMPTY:

%0 = "foo.op"() : () -> f16
%1 = "foo.op"() : () -> bf16
%2 = "foo.op"() : () -> f32
%3 = "foo.op"() : () -> f64
%4 = "foo.op"() : () -> f80
%5 = "foo.op"() : () -> f128
%6 = "foo.op"() : () -> tf32
