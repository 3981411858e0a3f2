// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> vector<4xf32>
// CHECK-NEXT: %1 = "foo.op"() : () -> vector<2x3xi8>
// CHECK-NEXT: %2 = "foo.op"() : () -> vector<1x1x1xindex>
// CHECK-NEXT: %3 = "foo.op"() : () -> vector<8xi1>
// CHECK-NEXT: }
// CHECK-EMPTY:

%0 = "foo.op"() : () -> vector<4xf32>
%1 = "foo.op"() : () -> vector<2x3xi8>
%2 = "foo.op"() : () -> vector<1x1x1xindex>
%3 = "foo.op"() : () -> vector<8xi1>
