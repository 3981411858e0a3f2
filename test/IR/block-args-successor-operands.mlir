// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: %0 = "foo.def"() : () -> i32
// CHECK-NEXT: "foo.br"(%0)[^bb1] : (i32) -> ()
// CHECK-NEXT: ^bb1(%1: i32):  // pred: ^bb0
// CHECK-NEXT: "foo.return"(%1) : (i32) -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.region"() ({
  %0 = "foo.def"() : () -> i32
  "foo.br"(%0)[^bb1] : (i32) -> ()
^bb1(%x: i32):
  "foo.return"(%x) : (i32) -> ()
}) : () -> ()
