// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = dense<5> : tensor<i32>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<1.000000e+00> : tensor<1xf32>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<7> : vector<i8>} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// 0-d dense elements.
"foo.op"() {a = dense<5> : tensor<i32>} : () -> ()
"foo.op"() {a = dense<[1.0]> : tensor<1xf32>} : () -> ()
"foo.op"() {a = dense<7> : vector<i8>} : () -> ()
