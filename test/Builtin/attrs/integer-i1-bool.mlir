// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = true} : () -> ()
// CHECK-NEXT: "foo.op"() {a = false} : () -> ()
// CHECK-NEXT: "foo.op"() {a = true} : () -> ()
// CHECK-NEXT: "foo.op"() {a = false} : () -> ()
// CHECK-NEXT: "foo.op"() {a = true} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// i1 attributes print as true/false.
"foo.op"() {a = true} : () -> ()
"foo.op"() {a = false} : () -> ()
"foo.op"() {a = 1 : i1} : () -> ()
"foo.op"() {a = 0 : i1} : () -> ()
"foo.op"() {a = -1 : i1} : () -> ()
