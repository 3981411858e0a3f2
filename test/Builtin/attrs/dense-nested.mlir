// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = dense<[1, 2, 3]> : tensor<3xi32>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.500000e+00]]> : tensor<2x2xf32>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<{{\[\[}}[1]], {{\[\[}}2]]]> : tensor<2x1x1xi8>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<1> : tensor<2xi8>} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = dense<[1, 2, 3]> : tensor<3xi32>} : () -> ()
"foo.op"() {a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>} : () -> ()
"foo.op"() {a = dense<[[1.0, 2.0], [3.0, 4.5]]> : tensor<2x2xf32>} : () -> ()
"foo.op"() {a = dense<[[[1]], [[2]]]> : tensor<2x1x1xi8>} : () -> ()
"foo.op"() {a = dense<[1, 1]> : tensor<2xi8>} : () -> ()
