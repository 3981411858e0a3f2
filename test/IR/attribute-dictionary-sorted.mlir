// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {alpha = 2 : i64, mid = 3 : i64, zeta = 1 : i64} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Attribute dictionaries are sorted by name.
"foo.op"() {zeta = 1 : i64, alpha = 2 : i64, mid = 3 : i64} : () -> ()
