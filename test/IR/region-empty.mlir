// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() ({
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// An op with an empty region.
"foo.op"() ({
}) : () -> ()
