// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> i1
// CHECK-NEXT: %1 = "foo.op"() : () -> i8
// CHECK-NEXT: %2 = "foo.op"() : () -> i16
// CHECK-NEXT: %3 = "foo.op"() : () -> i32
// CHECK-NEXT: %4 = "foo.op"() : () -> i64
// CHECK-NEXT: %5 = "foo.op"() : () -> i128
// CHECK-NEXT: }
// CHECK-EMPTY:

// Signless integers of common widths.
%0 = "foo.op"() : () -> i1
%1 = "foo.op"() : () -> i8
%2 = "foo.op"() : () -> i16
%3 = "foo.op"() : () -> i32
%4 = "foo.op"() : () -> i64
%5 = "foo.op"() : () -> i128
