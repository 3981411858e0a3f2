// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> tensor<*xf32>
// CHECK-NEXT: %1 = "foo.op"() : () -> tensor<*xi1>
// CHECK-NEXT: %2 = "foo.op"() : () -> tensor<*xcomplex<f32>>
// CHECK-NEXT: }
// CHECK-EMPTY:

%0 = "foo.op"() : () -> tensor<*xf32>
%1 = "foo.op"() : () -> tensor<*xi1>
%2 = "foo.op"() : () -> tensor<*xcomplex<f32>>
