// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// XFAIL: *
// Known difference: Strata does not yet match mlir-opt 22 on this input (the
// CHECK lines below are mlir-opt's output); see docs/testing.md.

// CHECK: {{.*}}vector-dynamic-dim.mlir:12:32: error: expected non-function type
// CHECK-NEXT: %0 = "foo.op"() : () -> vector<?xf32>
// CHECK-NEXT: ^

// expected-error @+1 {{expected non-function type}}
%0 = "foo.op"() : () -> vector<?xf32>
