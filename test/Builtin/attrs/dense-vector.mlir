// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = dense<[1, 2, 3, 4]> : vector<4xi32>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<{{\[\[}}1.000000e+00], [2.000000e+00]]> : vector<2x1xf64>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<5.000000e-01> : vector<[4]xf32>} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = dense<[1, 2, 3, 4]> : vector<4xi32>} : () -> ()
"foo.op"() {a = dense<[[1.0], [2.0]]> : vector<2x1xf64>} : () -> ()
"foo.op"() {a = dense<0.5> : vector<[4]xf32>} : () -> ()
