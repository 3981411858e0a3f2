// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() <{p = 3 : i64}> {d} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Properties are printed before the attribute dictionary.
"foo.op"() <{p = 3 : i64}> {d = unit} : () -> ()
