// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}affine-map-nonaffine.mlir:9:44: error: non-affine expression: at least one of the multiply operands has to be either a constant or symbolic
// CHECK-NEXT: "foo.op"() {m = affine_map<(d0, d1) -> (d0 * d1)>} : () -> ()
// CHECK-NEXT: ^

// expected-error @+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
"foo.op"() {m = affine_map<(d0, d1) -> (d0 * d1)>} : () -> ()
