// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: module {
// CHECK-NEXT: "foo.op"() {m = #map} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Affine maps print through `#map` aliases; the input alias name is not kept.
#transpose = affine_map<(d0, d1) -> (d1, d0)>
"foo.op"() {m = #transpose} : () -> ()
