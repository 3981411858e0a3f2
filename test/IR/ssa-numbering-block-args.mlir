// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: ^bb0(%arg0: i32, %arg1: f32):
// CHECK-NEXT: %0 = "foo.use"(%arg0, %arg1) : (i32, f32) -> i32
// CHECK-NEXT: "foo.yield"(%0) : (i32) -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.region"() ({
^bb0(%arg: i32, %other: f32):
  %0 = "foo.use"(%arg, %other) : (i32, f32) -> i32
  "foo.yield"(%0) : (i32) -> ()
}) : () -> ()
