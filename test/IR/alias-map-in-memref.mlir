// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> memref<4x4xf32, #map>
// CHECK-NEXT: }
// CHECK-EMPTY:

// A map inside a memref layout is aliased too.
%0 = "foo.op"() : () -> memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
