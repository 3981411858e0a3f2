// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.bar"() {value = 42 : i32} : () -> i32
// CHECK-NEXT: }
// CHECK-EMPTY:

// Unregistered ops always print in the generic form.
%0 = "foo.bar"() {value = 42 : i32} : () -> i32
