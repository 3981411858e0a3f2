// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = dense<"x"> : tensor<2x!foo.str>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<["a", "bc"]> : tensor<2x!foo.str>} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = dense<"x"> : tensor<2x!foo.str>} : () -> ()
"foo.op"() {a = dense<["a", "bc"]> : tensor<2x!foo.str>} : () -> ()
