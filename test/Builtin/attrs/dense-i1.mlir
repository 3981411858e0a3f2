// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = dense<[true, false, true]> : tensor<3xi1>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<false> : tensor<4xi1>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<{{\[\[}}true], [false]]> : vector<2x1xi1>} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = dense<[true, false, true]> : tensor<3xi1>} : () -> ()
"foo.op"() {a = dense<false> : tensor<4xi1>} : () -> ()
"foo.op"() {a = dense<[[true], [false]]> : vector<2x1xi1>} : () -> ()
