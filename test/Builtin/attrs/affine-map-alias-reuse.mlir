// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: #map = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0)>
// CHECK-NEXT: module {
// CHECK-NEXT: "foo.op"() {a = #map} : () -> ()
// CHECK-NEXT: "foo.op"() {a = #map} : () -> ()
// CHECK-NEXT: "foo.op"() {a = [#map, #map1]} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Equal maps share one alias.
"foo.op"() {a = affine_map<(d0) -> (d0 + 1)>} : () -> ()
"foo.op"() {a = affine_map<(i) -> (i + 1)>} : () -> ()
"foo.op"() {a = [affine_map<(d0) -> (d0 + 1)>, affine_map<(d0) -> (d0)>]} : () -> ()
