// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = dense<[1, 2]> : tensor<2xi32>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<1.000000e+00> : tensor<f32>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<[1, 2, 3, 4]> : tensor<4xi8>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<1> : tensor<2xi32>} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// A hex string gives the raw little-endian data.
"foo.op"() {a = dense<"0x0100000002000000"> : tensor<2xi32>} : () -> ()
"foo.op"() {a = dense<"0x0000803F"> : tensor<f32>} : () -> ()
"foo.op"() {a = dense<"0x01020304"> : tensor<4xi8>} : () -> ()
"foo.op"() {a = dense<"0x0100000001000000"> : tensor<2xi32>} : () -> ()
