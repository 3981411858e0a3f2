// RUN: %roundtrip --allow-unregistered-dialect --split-input-file %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.first"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.first"() : () -> ()

// -----
// CHECK: module {
// CHECK-NEXT: %0 = "foo.second"() : () -> i32
// CHECK-NEXT: }
// CHECK-EMPTY:

%0 = "foo.second"() : () -> i32

// -----
// CHECK: module @third {
// CHECK-NEXT: }
// CHECK-EMPTY:

module @third {
}
