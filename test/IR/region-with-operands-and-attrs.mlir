// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.def"() : () -> i32
// CHECK-NEXT: %1 = "foo.op"(%0) ({
// CHECK-NEXT: ^bb0(%arg0: i32):
// CHECK-NEXT: "foo.yield"(%arg0) : (i32) -> ()
// CHECK-NEXT: }) {attr = 7 : i64} : (i32) -> i32
// CHECK-NEXT: }
// CHECK-EMPTY:

%0 = "foo.def"() : () -> i32
%1 = "foo.op"(%0) ({
^bb0(%a: i32):
  "foo.yield"(%a) : (i32) -> ()
}) {attr = 7 : i64} : (i32) -> i32
