// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.outer"() : () -> i32
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: "foo.inner"() ({
// CHECK-NEXT: "foo.use"(%0) : (i32) -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Regions see the values of enclosing regions.
%0 = "foo.outer"() : () -> i32
"foo.region"() ({
  "foo.inner"() ({
    "foo.use"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
