// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.outer"() ({
// CHECK-NEXT: "foo.op"()[^bb1] ({
// CHECK-NEXT: "foo.inner"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.outer"() ({
  "foo.op"()[^bb1] ({
    "foo.inner"() : () -> ()
  }) : () -> ()
^bb1:
  "foo.return"() : () -> ()
}) : () -> ()
