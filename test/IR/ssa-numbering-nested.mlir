// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.outer"() : () -> i32
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: %2 = "foo.inner"(%0) : (i32) -> i32
// CHECK-NEXT: "foo.yield"(%2) : (i32) -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: %1 = "foo.after"() : () -> i32
// CHECK-NEXT: }
// CHECK-EMPTY:

%0 = "foo.outer"() : () -> i32
"foo.region"() ({
  %1 = "foo.inner"(%0) : (i32) -> i32
  "foo.yield"(%1) : (i32) -> ()
}) : () -> ()
%2 = "foo.after"() : () -> i32
