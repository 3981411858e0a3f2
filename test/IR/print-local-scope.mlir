// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-local-scope %s | FileCheck %s --check-prefix=LOCAL

// CHECK: #map = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: #set = affine_set<(d0) : (d0 >= 0)>
// CHECK-NEXT: module {
// CHECK-NEXT: %0 = "foo.op"() {m = #map, s = #set} : () -> memref<4xf32, #map>
// CHECK-NEXT: }
// CHECK-EMPTY:
// LOCAL: module {
// LOCAL-NEXT: %0 = "foo.op"() {m = affine_map<(d0) -> (d0 + 1)>, s = affine_set<(d0) : (d0 >= 0)>} : () -> memref<4xf32, affine_map<(d0) -> (d0 + 1)>>
// LOCAL-NEXT: }

"foo.op"() {m = affine_map<(d0) -> (d0 + 1)>, s = affine_set<(d0) : (d0 >= 0)>} : () -> memref<4xf32, affine_map<(d0) -> (d0 + 1)>>
