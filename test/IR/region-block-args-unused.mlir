// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: ^bb0(%arg0: i32, %arg1: i32, %arg2: i32):
// CHECK-NEXT: "foo.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.region"() ({
^bb0(%a: i32, %b: i32, %c: i32):
  "foo.return"() : () -> ()
}) : () -> ()
