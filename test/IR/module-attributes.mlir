// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module @m attributes {foo.attr = 1 : i32, "foo.quoted key" = "x"} {
// CHECK-NEXT: }
// CHECK-EMPTY:

module @m attributes {foo.attr = 1 : i32, "foo.quoted key" = "x"} {
}
