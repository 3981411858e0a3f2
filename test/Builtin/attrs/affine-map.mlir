// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d0 + d1, d0 * 2)>
// CHECK-NEXT: #map2 = affine_map<(d0)[s0] -> (d0 floordiv 4, d0 mod s0, d0 ceildiv 2)>
// CHECK-NEXT: #map3 = affine_map<() -> (0)>
// CHECK-NEXT: #map4 = affine_map<(d0, d1) -> ()>
// CHECK-NEXT: #map5 = affine_map<(d0) -> (d0 - 1)>
// CHECK-NEXT: module {
// CHECK-NEXT: "foo.op"() {a = #map} : () -> ()
// CHECK-NEXT: "foo.op"() {a = #map1} : () -> ()
// CHECK-NEXT: "foo.op"() {a = #map2} : () -> ()
// CHECK-NEXT: "foo.op"() {a = #map3} : () -> ()
// CHECK-NEXT: "foo.op"() {a = #map4} : () -> ()
// CHECK-NEXT: "foo.op"() {a = #map5} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = affine_map<(d0) -> (d0)>} : () -> ()
"foo.op"() {a = affine_map<(d0, d1) -> (d0 + d1, d0 * 2)>} : () -> ()
"foo.op"() {a = affine_map<(d0)[s0] -> (d0 floordiv 4, d0 mod s0, d0 ceildiv 2)>} : () -> ()
"foo.op"() {a = affine_map<() -> (0)>} : () -> ()
"foo.op"() {a = affine_map<(d0, d1) -> ()>} : () -> ()
"foo.op"() {a = affine_map<(d0) -> (d0 - 1)>} : () -> ()
