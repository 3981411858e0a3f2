// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: "foo.br"()[^bb1] : () -> ()
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: "foo.br"()[^bb1] : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.region"() ({
  "foo.br"()[^loop] : () -> ()
^loop:
  "foo.br"()[^loop] : () -> ()
}) : () -> ()
