// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module @g {
// CHECK-NEXT: "foo.a"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// A module written in the generic form prints in its custom form.
"builtin.module"() ({
  "foo.a"() : () -> ()
}) {sym_name = "g"} : () -> ()
