// RUN: %roundtrip --allow-unregistered-dialect --split-input-file %s | FileCheck %s

// CHECK: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: module {
// CHECK-NEXT: %0 = "foo.x"() {m = #map} : () -> i32
// CHECK-NEXT: }
// CHECK-EMPTY:

// Each chunk is numbered and aliased on its own.
%a = "foo.x"() {m = affine_map<(d0) -> (d0)>} : () -> i32

// -----
// CHECK: #map = affine_map<(d0) -> (d0 + 2)>
// CHECK-NEXT: module {
// CHECK-NEXT: %0 = "foo.y"() {m = #map} : () -> i32
// CHECK-NEXT: }
// CHECK-EMPTY:

%b = "foo.y"() {m = affine_map<(d0) -> (d0 + 2)>} : () -> i32
