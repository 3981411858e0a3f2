// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = -1 : i8} : () -> ()
// CHECK-NEXT: "foo.op"() {a = -128 : i8} : () -> ()
// CHECK-NEXT: "foo.op"() {a = -1 : i16} : () -> ()
// CHECK-NEXT: "foo.op"() {a = -1 : i32} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Signless integers print as signed: 255 : i8 is -1.
"foo.op"() {a = 255 : i8} : () -> ()
"foo.op"() {a = 128 : i8} : () -> ()
"foo.op"() {a = 65535 : i16} : () -> ()
"foo.op"() {a = 4294967295 : i32} : () -> ()
