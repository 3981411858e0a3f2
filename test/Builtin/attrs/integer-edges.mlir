// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = 127 : i8} : () -> ()
// CHECK-NEXT: "foo.op"() {a = -128 : i8} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 255 : ui8} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 2147483647 : i32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = -2147483648 : i32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 9223372036854775807 : i64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = -9223372036854775808 : i64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 18446744073709551615 : ui64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 170141183460469231731687303715884105727 : i128} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Extreme values of each width.
"foo.op"() {a = 127 : i8} : () -> ()
"foo.op"() {a = -128 : i8} : () -> ()
"foo.op"() {a = 255 : ui8} : () -> ()
"foo.op"() {a = 2147483647 : i32} : () -> ()
"foo.op"() {a = -2147483648 : i32} : () -> ()
"foo.op"() {a = 9223372036854775807 : i64} : () -> ()
"foo.op"() {a = -9223372036854775808 : i64} : () -> ()
"foo.op"() {a = 18446744073709551615 : ui64} : () -> ()
"foo.op"() {a = 170141183460469231731687303715884105727 : i128} : () -> ()
