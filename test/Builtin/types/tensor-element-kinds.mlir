// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> tensor<4xvector<2xf32>>
// CHECK-NEXT: %1 = "foo.op"() : () -> tensor<2xcomplex<f64>>
// CHECK-NEXT: %2 = "foo.op"() : () -> tensor<3x!foo.elt>
// CHECK-NEXT: %3 = "foo.op"() : () -> tensor<1xindex>
// CHECK-NEXT: }
// CHECK-EMPTY:

%0 = "foo.op"() : () -> tensor<4xvector<2xf32>>
%1 = "foo.op"() : () -> tensor<2xcomplex<f64>>
%2 = "foo.op"() : () -> tensor<3x!foo.elt>
%3 = "foo.op"() : () -> tensor<1xindex>
