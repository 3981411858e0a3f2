// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = 1 : i32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = -1 : i32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 0 : i64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 42 : i64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 7 : index} : () -> ()
// CHECK-NEXT: "foo.op"() {a = -7 : si8} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 200 : ui8} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = 1 : i32} : () -> ()
"foo.op"() {a = -1 : i32} : () -> ()
"foo.op"() {a = 0 : i64} : () -> ()
"foo.op"() {a = 42} : () -> ()
"foo.op"() {a = 7 : index} : () -> ()
"foo.op"() {a = -7 : si8} : () -> ()
"foo.op"() {a = 200 : ui8} : () -> ()
