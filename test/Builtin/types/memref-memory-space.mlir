// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> memref<4xf32, 1>
// CHECK-NEXT: %1 = "foo.op"() : () -> memref<4xf32>
// CHECK-NEXT: %2 = "foo.op"() : () -> memref<4xf32, "shared">
// CHECK-NEXT: %3 = "foo.op"() : () -> memref<4xf32, 5>
// CHECK-NEXT: %4 = "foo.op"() : () -> memref<4xf32, 2 : i32>
// CHECK-NEXT: }
// CHECK-EMPTY:

// The memory space is any attribute; integer spaces print bare.
%0 = "foo.op"() : () -> memref<4xf32, 1>
%1 = "foo.op"() : () -> memref<4xf32, 0>
%2 = "foo.op"() : () -> memref<4xf32, "shared">
%3 = "foo.op"() : () -> memref<4xf32, 5 : i64>
%4 = "foo.op"() : () -> memref<4xf32, 2 : i32>
