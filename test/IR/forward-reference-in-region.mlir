// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: "foo.use"(%0) : (i64) -> ()
// CHECK-NEXT: %0 = "foo.def"() : () -> i64
// CHECK-NEXT: "foo.yield"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.region"() ({
  "foo.use"(%1) : (i64) -> ()
  %1 = "foo.def"() : () -> i64
  "foo.yield"() : () -> ()
}) : () -> ()
