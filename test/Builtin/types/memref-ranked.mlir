// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> memref<f32>
// CHECK-NEXT: %1 = "foo.op"() : () -> memref<4xf32>
// CHECK-NEXT: %2 = "foo.op"() : () -> memref<?x8xi32>
// CHECK-NEXT: %3 = "foo.op"() : () -> memref<2x?x?xf64>
// CHECK-NEXT: %4 = "foo.op"() : () -> memref<4xvector<4xf32>>
// CHECK-NEXT: }
// CHECK-EMPTY:

%0 = "foo.op"() : () -> memref<f32>
%1 = "foo.op"() : () -> memref<4xf32>
%2 = "foo.op"() : () -> memref<?x8xi32>
%3 = "foo.op"() : () -> memref<2x?x?xf64>
%4 = "foo.op"() : () -> memref<4xvector<4xf32>>
