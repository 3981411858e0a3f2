// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: "foo.use"(%0) : (i32) -> ()
// CHECK-NEXT: %0 = "foo.def"() : () -> i32
// CHECK-NEXT: "foo.end"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Regions of unregistered ops may be graph regions: no dominance errors.
"foo.region"() ({
  "foo.use"(%x) : (i32) -> ()
  %x = "foo.def"() : () -> i32
  "foo.end"() : () -> ()
}) : () -> ()
