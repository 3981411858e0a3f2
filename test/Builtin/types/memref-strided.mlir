// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> memref<4x4xf32, strided<[4, 1]>>
// CHECK-NEXT: %1 = "foo.op"() : () -> memref<4x4xf32, strided<[8, 1], offset: 2>>
// CHECK-NEXT: %2 = "foo.op"() : () -> memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: %3 = "foo.op"() : () -> memref<4xf32, strided<[1]>>
// CHECK-NEXT: %4 = "foo.op"() : () -> memref<4xf32, strided<[2]>>
// CHECK-NEXT: %5 = "foo.op"() : () -> memref<f32, strided<[]>>
// CHECK-NEXT: }
// CHECK-EMPTY:

// Strided layouts; the identity layout is omitted.
%0 = "foo.op"() : () -> memref<4x4xf32, strided<[4, 1]>>
%1 = "foo.op"() : () -> memref<4x4xf32, strided<[8, 1], offset: 2>>
%2 = "foo.op"() : () -> memref<?x?xf32, strided<[?, 1], offset: ?>>
%3 = "foo.op"() : () -> memref<4xf32, strided<[1]>>
%4 = "foo.op"() : () -> memref<4xf32, strided<[2], offset: 0>>
%5 = "foo.op"() : () -> memref<f32, strided<[]>>
