// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = dense<1> : tensor<4xi32>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<1.500000e+00> : tensor<2x2xf32>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<true> : vector<8xi1>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<0> : tensor<0xi8>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<-1> : tensor<3xi64>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<2.000000e+00> : tensor<f64>} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = dense<1> : tensor<4xi32>} : () -> ()
"foo.op"() {a = dense<1.5> : tensor<2x2xf32>} : () -> ()
"foo.op"() {a = dense<true> : vector<8xi1>} : () -> ()
"foo.op"() {a = dense<0> : tensor<0xi8>} : () -> ()
"foo.op"() {a = dense<-1> : tensor<3xi64>} : () -> ()
"foo.op"() {a = dense<2.0> : tensor<f64>} : () -> ()
