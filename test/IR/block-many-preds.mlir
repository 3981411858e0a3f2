// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: "foo.switch"()[^bb1, ^bb2, ^bb3, ^bb4] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.br"()[^bb4] : () -> ()
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "foo.br"()[^bb4] : () -> ()
// CHECK-NEXT: ^bb3:  // pred: ^bb0
// CHECK-NEXT: "foo.br"()[^bb4] : () -> ()
// CHECK-NEXT: ^bb4:  // 4 preds: ^bb0, ^bb1, ^bb2, ^bb3
// CHECK-NEXT: "foo.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.region"() ({
  "foo.switch"()[^a, ^b, ^c, ^d] : () -> ()
^a:
  "foo.br"()[^d] : () -> ()
^b:
  "foo.br"()[^d] : () -> ()
^c:
  "foo.br"()[^d] : () -> ()
^d:
  "foo.return"() : () -> ()
}) : () -> ()
