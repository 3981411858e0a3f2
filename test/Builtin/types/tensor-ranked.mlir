// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> tensor<f32>
// CHECK-NEXT: %1 = "foo.op"() : () -> tensor<4xf32>
// CHECK-NEXT: %2 = "foo.op"() : () -> tensor<2x3x4xi8>
// CHECK-NEXT: %3 = "foo.op"() : () -> tensor<0xf32>
// CHECK-NEXT: %4 = "foo.op"() : () -> tensor<1x0x2xindex>
// CHECK-NEXT: }
// CHECK-EMPTY:

%0 = "foo.op"() : () -> tensor<f32>
%1 = "foo.op"() : () -> tensor<4xf32>
%2 = "foo.op"() : () -> tensor<2x3x4xi8>
%3 = "foo.op"() : () -> tensor<0xf32>
%4 = "foo.op"() : () -> tensor<1x0x2xindex>
