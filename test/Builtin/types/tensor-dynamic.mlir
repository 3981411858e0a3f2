// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> tensor<?xf32>
// CHECK-NEXT: %1 = "foo.op"() : () -> tensor<?x?xi32>
// CHECK-NEXT: %2 = "foo.op"() : () -> tensor<2x?x4xf16>
// CHECK-NEXT: }
// CHECK-EMPTY:

// `?` is a dynamic dimension.
%0 = "foo.op"() : () -> tensor<?xf32>
%1 = "foo.op"() : () -> tensor<?x?xi32>
%2 = "foo.op"() : () -> tensor<2x?x4xf16>
