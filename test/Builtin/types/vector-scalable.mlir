// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> vector<[4]xf32>
// CHECK-NEXT: %1 = "foo.op"() : () -> vector<2x[8]xi8>
// CHECK-NEXT: %2 = "foo.op"() : () -> vector<[2]x[2]xf64>
// CHECK-NEXT: }
// CHECK-EMPTY:

// Scalable dimensions are written in brackets.
%0 = "foo.op"() : () -> vector<[4]xf32>
%1 = "foo.op"() : () -> vector<2x[8]xi8>
%2 = "foo.op"() : () -> vector<[2]x[2]xf64>
