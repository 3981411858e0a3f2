// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = dense<[1, 2]> : tensor<2xindex>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<[1, -1]> : tensor<2xi3>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<[255, 0]> : tensor<2xui8>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<[-5, 5]> : tensor<2xsi16>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf16>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xbf16>} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = dense<[1, 2]> : tensor<2xindex>} : () -> ()
"foo.op"() {a = dense<[1, -1]> : tensor<2xi3>} : () -> ()
"foo.op"() {a = dense<[255, 0]> : tensor<2xui8>} : () -> ()
"foo.op"() {a = dense<[-5, 5]> : tensor<2xsi16>} : () -> ()
"foo.op"() {a = dense<[1.0, 2.0]> : tensor<2xf16>} : () -> ()
"foo.op"() {a = dense<[1.0, 2.0]> : tensor<2xbf16>} : () -> ()
