// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// XFAIL: *
// Known difference: Strata does not yet match mlir-opt 22 on this input (the
// CHECK lines below are mlir-opt's output); see docs/testing.md.

// CHECK: {{.*}}vector-bad-element.mlir:12:25: error: failed to verify 'elementType': VectorElementTypeInterface instance
// CHECK-NEXT: %0 = "foo.op"() : () -> vector<4xtensor<2xf32>>
// CHECK-NEXT: ^

// expected-error @+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
%0 = "foo.op"() : () -> vector<4xtensor<2xf32>>
