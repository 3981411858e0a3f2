// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.a"() : () -> ()
// CHECK-NEXT: "foo.b"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Top-level ops that are not a module get an implicit one.
"foo.a"() : () -> ()
"foo.b"() : () -> ()
