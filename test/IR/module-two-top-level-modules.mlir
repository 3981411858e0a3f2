// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: module @a {
// CHECK-NEXT: }
// CHECK-NEXT: module @b {
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:

// Two modules at top level are wrapped in an implicit module.
module @a {
}
module @b {
}
