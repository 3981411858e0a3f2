// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT: module {
// CHECK-NEXT: "foo.op"() {a = #map, b = #map1, c = #map2} : () -> ()
// CHECK-NEXT: "foo.op"() {a = #map1} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// The second distinct map is #map1, the third #map2.
"foo.op"() {a = affine_map<(d0) -> (d0)>, b = affine_map<(d0) -> (d0 + 1)>, c = affine_map<(d0) -> (d0 * 2)>} : () -> ()
"foo.op"() {a = affine_map<(d0) -> (d0 + 1)>} : () -> ()
