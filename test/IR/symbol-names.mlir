// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: module @plain {
// CHECK-NEXT: }
// CHECK-NEXT: module @"quoted name" {
// CHECK-NEXT: }
// CHECK-NEXT: module @with.dot$dollar {
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:

module @plain {
}
module @"quoted name" {
}
module @with.dot$dollar {
}
