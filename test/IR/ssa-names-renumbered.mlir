// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.a"() : () -> i32
// CHECK-NEXT: %1 = "foo.b"(%0) : (i32) -> i32
// CHECK-NEXT: %2 = "foo.c"(%1) : (i32) -> i32
// CHECK-NEXT: }
// CHECK-EMPTY:

// Names in the input are not kept: results are numbered in order.
%zebra = "foo.a"() : () -> i32
%apple = "foo.b"(%zebra) : (i32) -> i32
%42 = "foo.c"(%apple) : (i32) -> i32
