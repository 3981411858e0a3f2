// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 + 6)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> (d0 mod 2)>
// CHECK-NEXT: #map3 = affine_map<(d0, d1) -> (d0 + d1 + d0)>
// CHECK-NEXT: module {
// CHECK-NEXT: "foo.op"() {a = #map} : () -> ()
// CHECK-NEXT: "foo.op"() {a = #map1} : () -> ()
// CHECK-NEXT: "foo.op"() {a = #map2} : () -> ()
// CHECK-NEXT: "foo.op"() {a = #map3} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Maps are simplified when built, as in MLIR.
"foo.op"() {a = affine_map<(d0) -> (d0 + 0)>} : () -> ()
"foo.op"() {a = affine_map<(d0) -> (d0 * 1 + 2 * 3)>} : () -> ()
"foo.op"() {a = affine_map<(d0) -> ((d0 + 4) mod 2)>} : () -> ()
"foo.op"() {a = affine_map<(d0, d1) -> (d1 + d0 + d0)>} : () -> ()
