// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0:4 = "foo.four"() : () -> (i32, i32, i32, i32)
// CHECK-NEXT: }
// CHECK-EMPTY:

// An unused multi-result op still prints as a group.
%x:4 = "foo.four"() : () -> (i32, i32, i32, i32)
