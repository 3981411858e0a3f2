// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> i3
// CHECK-NEXT: %1 = "foo.op"() : () -> i17
// CHECK-NEXT: %2 = "foo.op"() : () -> si7
// CHECK-NEXT: %3 = "foo.op"() : () -> ui33
// CHECK-NEXT: %4 = "foo.op"() : () -> i1024
// CHECK-NEXT: %5 = "foo.op"() : () -> i16777215
// CHECK-NEXT: }
// CHECK-EMPTY:

// Any width up to 2^24-1 is an integer type.
%0 = "foo.op"() : () -> i3
%1 = "foo.op"() : () -> i17
%2 = "foo.op"() : () -> si7
%3 = "foo.op"() : () -> ui33
%4 = "foo.op"() : () -> i1024
%5 = "foo.op"() : () -> i16777215
