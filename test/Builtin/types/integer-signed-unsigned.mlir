// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> si8
// CHECK-NEXT: %1 = "foo.op"() : () -> ui8
// CHECK-NEXT: %2 = "foo.op"() : () -> si32
// CHECK-NEXT: %3 = "foo.op"() : () -> ui64
// CHECK-NEXT: %4 = "foo.op"() : () -> si1
// CHECK-NEXT: %5 = "foo.op"() : () -> ui1
// CHECK-NEXT: }
// CHECK-EMPTY:

// Signed and unsigned integers keep their signedness.
%0 = "foo.op"() : () -> si8
%1 = "foo.op"() : () -> ui8
%2 = "foo.op"() : () -> si32
%3 = "foo.op"() : () -> ui64
%4 = "foo.op"() : () -> si1
%5 = "foo.op"() : () -> ui1
