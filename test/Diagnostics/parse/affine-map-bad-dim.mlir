// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}affine-map-bad-dim.mlir:9:37: error: use of undeclared identifier
// CHECK-NEXT: "foo.op"() {m = affine_map<(d0) -> (d1)>} : () -> ()
// CHECK-NEXT: ^

// expected-error @+1 {{use of undeclared identifier}}
"foo.op"() {m = affine_map<(d0) -> (d1)>} : () -> ()
