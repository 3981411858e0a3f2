// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() ({
// CHECK-NEXT: "foo.a"() : () -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: }, {
// CHECK-NEXT: "foo.b"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() ({
  "foo.a"() : () -> ()
}, {
}, {
  "foo.b"() : () -> ()
}) : () -> ()
