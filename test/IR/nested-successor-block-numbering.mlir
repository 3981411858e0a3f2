// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.a"() ({
// CHECK-NEXT: "foo.br"()[^bb1] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.b"() ({
// CHECK-NEXT: "foo.br"()[^bb1] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.ret"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "foo.ret"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Block numbers restart in each region.
"foo.a"() ({
  "foo.br"()[^x] : () -> ()
^x:
  "foo.b"() ({
    "foo.br"()[^y] : () -> ()
  ^y:
    "foo.ret"() : () -> ()
  }) : () -> ()
  "foo.ret"() : () -> ()
}) : () -> ()
