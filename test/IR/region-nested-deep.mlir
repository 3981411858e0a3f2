// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.l1"() ({
// CHECK-NEXT: "foo.l2"() ({
// CHECK-NEXT: "foo.l3"() ({
// CHECK-NEXT: %0 = "foo.leaf"() : () -> i32
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.l1"() ({
  "foo.l2"() ({
    "foo.l3"() ({
      %0 = "foo.leaf"() : () -> i32
    }) : () -> ()
  }) : () -> ()
}) : () -> ()
