// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// XFAIL: *
// Known difference: Strata does not yet match mlir-opt 22 on this input (the
// CHECK lines below are mlir-opt's output); see docs/testing.md.

// CHECK: {{.*}}dense-rank-mismatch.mlir:12:30: error: tensor literal is invalid; ranks are not consistent between elements
// CHECK-NEXT: "foo.op"() {a = dense<{{\[\[}}1], 2]> : tensor<2x1xi32>} : () -> ()
// CHECK-NEXT: ^

// expected-error @+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"foo.op"() {a = dense<[[1], 2]> : tensor<2x1xi32>} : () -> ()
