// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> tuple<vector<4xf32>, tensor<?xi8>, memref<2xindex>>
// CHECK-NEXT: %1 = "foo.op"() : () -> tensor<2xcomplex<f32>>
// CHECK-NEXT: %2 = "foo.op"() : () -> memref<2xmemref<4xi8>>
// CHECK-NEXT: %3 = "foo.op"() : () -> ((tensor<*xf32>, memref<?xf32>) -> vector<[4]xi1>)
// CHECK-NEXT: }
// CHECK-EMPTY:

%0 = "foo.op"() : () -> tuple<vector<4xf32>, tensor<?xi8>, memref<2xindex>>
%1 = "foo.op"() : () -> tensor<2xcomplex<f32>>
%2 = "foo.op"() : () -> memref<2xmemref<4xi8>>
%3 = "foo.op"() : () -> ((tensor<*xf32>, memref<?xf32>) -> vector<[4]xi1>)
