// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module @outer {
// CHECK-NEXT: module @inner {
// CHECK-NEXT: "foo.a"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: module {
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:

module @outer {
  module @inner {
    "foo.a"() : () -> ()
  }
  module {
  }
}
