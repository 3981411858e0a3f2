// REQUIRES: mlir-opt
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-local-scope %s | %mlir-accepts | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> memref<4xf32, affine_map<(d0) -> (d0 + 1)>>
// CHECK-NEXT: "foo.op"() {a = affine_set<(d0) : (d0 >= 0)>} : () -> ()
// CHECK-NEXT: }

// --mlir-print-local-scope output is accepted too.
%0 = "foo.op"() : () -> memref<4xf32, affine_map<(d0) -> (d0 + 1)>>
"foo.op"() {a = affine_set<(d0) : (d0 >= 0)>} : () -> ()
