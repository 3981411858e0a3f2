// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK: module {
// CHECK-NEXT: "foo.a"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT: "foo.a"() : () -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-EMPTY:

"foo.a"() : () -> ()
