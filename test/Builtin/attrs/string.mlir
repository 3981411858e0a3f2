// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = "plain"} : () -> ()
// CHECK-NEXT: "foo.op"() {a = ""} : () -> ()
// CHECK-NEXT: "foo.op"() {a = "with space"} : () -> ()
// CHECK-NEXT: "foo.op"() {a = "x" : i32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = "typed" : !foo.t} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = "plain"} : () -> ()
"foo.op"() {a = ""} : () -> ()
"foo.op"() {a = "with space"} : () -> ()
"foo.op"() {a = "x" : i32} : () -> ()
"foo.op"() {a = "typed" : !foo.t} : () -> ()
