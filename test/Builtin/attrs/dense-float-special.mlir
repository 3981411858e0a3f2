// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = dense<[0x7FC00000, 0x7F800000, -0.000000e+00]> : tensor<3xf32>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<0xFFF0000000000000> : tensor<2xf64>} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = dense<[0x7FC00000, 0x7F800000, -0.0]> : tensor<3xf32>} : () -> ()
"foo.op"() {a = dense<0xFFF0000000000000> : tensor<2xf64>} : () -> ()
