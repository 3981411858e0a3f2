// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> index
// CHECK-NEXT: }
// CHECK-EMPTY:

%0 = "foo.op"() : () -> index
