// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: %0 = "foo.cond"() : () -> i1
// CHECK-NEXT: "foo.cond_br"(%0)[^bb1, ^bb2] : (i1) -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.return"() : () -> ()
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "foo.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.region"() ({
  %c = "foo.cond"() : () -> i1
  "foo.cond_br"(%c)[^yes, ^no] : (i1) -> ()
^yes:
  "foo.return"() : () -> ()
^no:
  "foo.return"() : () -> ()
}) : () -> ()
