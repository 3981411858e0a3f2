// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = 16 : i32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 255 : i16} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 9223372036854775807 : i64} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Hex integer literals are printed in decimal.
"foo.op"() {a = 0x10 : i32} : () -> ()
"foo.op"() {a = 0xFF : i16} : () -> ()
"foo.op"() {a = 0x7fffffffffffffff : i64} : () -> ()
