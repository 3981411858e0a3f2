// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> tensor<4xf32, "enc">
// CHECK-NEXT: %1 = "foo.op"() : () -> tensor<?x8xi32, {level = 2 : i64}>
// CHECK-NEXT: %2 = "foo.op"() : () -> tensor<4xf32, #foo.enc<1>>
// CHECK-NEXT: %3 = "foo.op"() : () -> tensor<4xf32, 3 : i64>
// CHECK-NEXT: }
// CHECK-EMPTY:

// The encoding is any attribute.
%0 = "foo.op"() : () -> tensor<4xf32, "enc">
%1 = "foo.op"() : () -> tensor<?x8xi32, {level = 2 : i64}>
%2 = "foo.op"() : () -> tensor<4xf32, #foo.enc<1>>
%3 = "foo.op"() : () -> tensor<4xf32, 3 : i64>
