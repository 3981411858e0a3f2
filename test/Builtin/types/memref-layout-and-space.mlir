// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> memref<4x4xf32, strided<[4, 1]>, 1>
// CHECK-NEXT: %1 = "foo.op"() : () -> memref<8xi8, strided<[2]>, "space">
// CHECK-NEXT: }
// CHECK-EMPTY:

%0 = "foo.op"() : () -> memref<4x4xf32, strided<[4, 1]>, 1>
%1 = "foo.op"() : () -> memref<8xi8, strided<[2]>, "space">
