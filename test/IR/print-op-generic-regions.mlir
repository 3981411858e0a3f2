// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK: module {
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: ^bb0(%arg0: i32):
// CHECK-NEXT: "foo.br"(%arg0)[^bb1] : (i32) -> ()
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: "foo.return"(%0) : (i32) -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT: "foo.region"() ({
// GENERIC-NEXT: ^bb0(%arg0: i32):
// GENERIC-NEXT: "foo.br"(%arg0)[^bb1] : (i32) -> ()
// GENERIC-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// GENERIC-NEXT: "foo.return"(%0) : (i32) -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-EMPTY:

"foo.region"() ({
^bb0(%a: i32):
  "foo.br"(%a)[^bb1] : (i32) -> ()
^bb1(%b: i32):
  "foo.return"(%b) : (i32) -> ()
}) : () -> ()
