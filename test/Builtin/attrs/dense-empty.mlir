// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = dense<> : tensor<0xi32>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<> : tensor<0xf32>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<> : tensor<2x0xi8>} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = dense<> : tensor<0xi32>} : () -> ()
"foo.op"() {a = dense<[]> : tensor<0xf32>} : () -> ()
"foo.op"() {a = dense<> : tensor<2x0xi8>} : () -> ()
