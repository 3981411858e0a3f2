// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: "foo.br"()[^bb1] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.br"()[^bb2] : () -> ()
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: "foo.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.region"() ({
  "foo.br"()[^next] : () -> ()
^next:
  "foo.br"()[^last] : () -> ()
^last:
  "foo.return"() : () -> ()
}) : () -> ()
