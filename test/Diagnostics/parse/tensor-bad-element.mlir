// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// XFAIL: *
// Known difference: Strata does not yet match mlir-opt 22 on this input (the
// CHECK lines below are mlir-opt's output); see docs/testing.md.

// CHECK: {{.*}}tensor-bad-element.mlir:12:34: error: invalid tensor element type
// CHECK-NEXT: %0 = "foo.op"() : () -> tensor<4xtuple<i32>>
// CHECK-NEXT: ^

// expected-error @+1 {{invalid tensor element type}}
%0 = "foo.op"() : () -> tensor<4xtuple<i32>>
