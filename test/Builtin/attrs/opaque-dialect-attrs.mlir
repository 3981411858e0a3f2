// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = #foo.bar} : () -> ()
// CHECK-NEXT: "foo.op"() {a = #foo.bar<1, 2>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = #foo<"body">} : () -> ()
// CHECK-NEXT: "foo.op"() {a = #foo.bar<[1, {a = b}]>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = #foo.attr : i32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = #foo.bar<"x" -> y>} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Attributes of unregistered dialects print as written.
"foo.op"() {a = #foo.bar} : () -> ()
"foo.op"() {a = #foo.bar<1, 2>} : () -> ()
"foo.op"() {a = #foo<"body">} : () -> ()
"foo.op"() {a = #foo.bar<[1, {a = b}]>} : () -> ()
"foo.op"() {a = #foo.attr : i32} : () -> ()
"foo.op"() {a = #foo.bar<"x" -> y>} : () -> ()
