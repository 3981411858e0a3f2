// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: #map1 = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> memref<4x4xf32, #map>
// CHECK-NEXT: %1 = "foo.op"() : () -> memref<4xf32>
// CHECK-NEXT: %2 = "foo.op"() : () -> memref<4xf32, #map1, 3>
// CHECK-NEXT: }
// CHECK-EMPTY:

// An affine-map layout prints through a #map alias; the identity map is omitted.
%0 = "foo.op"() : () -> memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
%1 = "foo.op"() : () -> memref<4xf32, affine_map<(d0) -> (d0)>>
%2 = "foo.op"() : () -> memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>, 3>
