// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// XFAIL: *
// Known difference: Strata does not yet match mlir-opt 22 on this input (the
// CHECK lines below are mlir-opt's output); see docs/testing.md.

// CHECK: {{.*}}vector-zero-dim.mlir:12:25: error: vector types must have positive constant sizes but got 0
// CHECK-NEXT: %0 = "foo.op"() : () -> vector<0xf32>
// CHECK-NEXT: ^

// expected-error @+1 {{vector types must have positive constant sizes but got 0}}
%0 = "foo.op"() : () -> vector<0xf32>
