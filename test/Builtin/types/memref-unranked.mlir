// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> memref<*xf32>
// CHECK-NEXT: %1 = "foo.op"() : () -> memref<*xi8, 1>
// CHECK-NEXT: %2 = "foo.op"() : () -> memref<*xf32, "gpu">
// CHECK-NEXT: }
// CHECK-EMPTY:

%0 = "foo.op"() : () -> memref<*xf32>
%1 = "foo.op"() : () -> memref<*xi8, 1>
%2 = "foo.op"() : () -> memref<*xf32, "gpu">
