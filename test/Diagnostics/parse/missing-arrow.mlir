// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// XFAIL: *
// Known difference: Strata does not yet match mlir-opt 22 on this input (the
// CHECK lines below are mlir-opt's output); see docs/testing.md.

// CHECK: {{.*}}missing-arrow.mlir:12:16: error: expected '->' in function type
// CHECK-NEXT: "foo.op"() : () ()
// CHECK-NEXT: ^

// expected-error @+1 {{expected '->' in function type}}
"foo.op"() : () ()
