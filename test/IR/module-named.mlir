// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module @my_module {
// CHECK-NEXT: "foo.a"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

module @my_module {
  "foo.a"() : () -> ()
}
