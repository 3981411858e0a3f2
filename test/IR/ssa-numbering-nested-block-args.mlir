// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.outer"() ({
// CHECK-NEXT: ^bb0(%arg0: i32):
// CHECK-NEXT: "foo.inner"() ({
// CHECK-NEXT: ^bb0(%arg1: i32, %arg2: i32):
// CHECK-NEXT: "foo.yield"(%arg0, %arg1, %arg2) : (i32, i32, i32) -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "foo.yield"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Block arguments of nested regions keep counting: %arg0, %arg1, ...
"foo.outer"() ({
^bb0(%a: i32):
  "foo.inner"() ({
  ^bb0(%b: i32, %c: i32):
    "foo.yield"(%a, %b, %c) : (i32, i32, i32) -> ()
  }) : () -> ()
  "foo.yield"() : () -> ()
}) : () -> ()
