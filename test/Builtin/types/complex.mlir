// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> complex<f32>
// CHECK-NEXT: %1 = "foo.op"() : () -> complex<f64>
// CHECK-NEXT: %2 = "foo.op"() : () -> complex<i32>
// CHECK-NEXT: %3 = "foo.op"() : () -> complex<bf16>
// CHECK-NEXT: }
// CHECK-EMPTY:

%0 = "foo.op"() : () -> complex<f32>
%1 = "foo.op"() : () -> complex<f64>
%2 = "foo.op"() : () -> complex<i32>
%3 = "foo.op"() : () -> complex<bf16>
