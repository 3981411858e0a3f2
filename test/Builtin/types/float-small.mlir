// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> f8E5M2
// CHECK-NEXT: %1 = "foo.op"() : () -> f8E4M3
// CHECK-NEXT: %2 = "foo.op"() : () -> f8E4M3FN
// CHECK-NEXT: %3 = "foo.op"() : () -> f8E5M2FNUZ
// CHECK-NEXT: %4 = "foo.op"() : () -> f8E4M3FNUZ
// CHECK-NEXT: %5 = "foo.op"() : () -> f8E4M3B11FNUZ
// CHECK-NEXT: %6 = "foo.op"() : () -> f8E3M4
// CHECK-NEXT: %7 = "foo.op"() : () -> f8E8M0FNU
// CHECK-NEXT: %8 = "foo.op"() : () -> f6E2M3FN
// CHECK-NEXT: %9 = "foo.op"() : () -> f6E3M2FN
// CHECK-NEXT: %10 = "foo.op"() : () -> f4E2M1FN
// CHECK-NEXT: }
// CHECK-EMPTY:

// The 8-bit and smaller float kinds.
%0 = "foo.op"() : () -> f8E5M2
%1 = "foo.op"() : () -> f8E4M3
%2 = "foo.op"() : () -> f8E4M3FN
%3 = "foo.op"() : () -> f8E5M2FNUZ
%4 = "foo.op"() : () -> f8E4M3FNUZ
%5 = "foo.op"() : () -> f8E4M3B11FNUZ
%6 = "foo.op"() : () -> f8E3M4
%7 = "foo.op"() : () -> f8E8M0FNU
%8 = "foo.op"() : () -> f6E2M3FN
%9 = "foo.op"() : () -> f6E3M2FN
%10 = "foo.op"() : () -> f4E2M1FN
