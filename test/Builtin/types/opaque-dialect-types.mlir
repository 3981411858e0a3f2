// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> !foo.bar
// CHECK-NEXT: %1 = "foo.op"() : () -> !foo.bar<1, 2>
// CHECK-NEXT: %2 = "foo.op"() : () -> !foo<"quoted body">
// CHECK-NEXT: %3 = "foo.op"() : () -> !foo.bar<"a" , x>
// CHECK-NEXT: %4 = "foo.op"() : () -> !foo.nested<vector<4xf32>, <[]>>
// CHECK-NEXT: }
// CHECK-EMPTY:

// Types of unregistered dialects print as written.
%0 = "foo.op"() : () -> !foo.bar
%1 = "foo.op"() : () -> !foo.bar<1, 2>
%2 = "foo.op"() : () -> !foo<"quoted body">
%3 = "foo.op"() : () -> !foo.bar<"a" , x>
%4 = "foo.op"() : () -> !foo.nested<vector<4xf32>, <[]>>
