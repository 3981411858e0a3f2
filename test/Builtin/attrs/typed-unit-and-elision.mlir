// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = 1 : i64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 1.000000e+00 : f64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = "s"} : () -> ()
// CHECK-NEXT: "foo.op"() {a = [1, 2 : i32]} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Attribute types are elided where implied: i64 ints, f64 floats, strings.
"foo.op"() {a = 1 : i64} : () -> ()
"foo.op"() {a = 1.0 : f64} : () -> ()
"foo.op"() {a = "s" : none} : () -> ()
"foo.op"() {a = [1 : i64, 2 : i32]} : () -> ()
