// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = array<i64: 1, 2, 3>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = array<i32>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = array<i1: true, false>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = array<f32: 1.000000e+00, 2.500000e+00>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = array<i8: -1, 127>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = array<f64: 1.000000e-01>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = array<i16: 1>} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Dense arrays: array<type: values>.
"foo.op"() {a = array<i64: 1, 2, 3>} : () -> ()
"foo.op"() {a = array<i32>} : () -> ()
"foo.op"() {a = array<i1: true, false>} : () -> ()
"foo.op"() {a = array<f32: 1.0, 2.5>} : () -> ()
"foo.op"() {a = array<i8: -1, 127>} : () -> ()
"foo.op"() {a = array<f64: 0.1>} : () -> ()
"foo.op"() {a = array<i16: 1>} : () -> ()
