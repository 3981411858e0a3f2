// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = 1 : i32, b = "text", c} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = 1 : i32, b = "text", c} : () -> ()
