// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// XFAIL: *
// Known difference: Strata does not yet match mlir-opt 22 on this input (the
// CHECK lines below are mlir-opt's output); see docs/testing.md.

// CHECK: {{.*}}undefined-type-alias.mlir:12:35: error: undefined symbol alias id 'undefined'
// CHECK-NEXT: %0 = "foo.op"() : () -> !undefined
// CHECK-NEXT: ^

// expected-error @+1 {{undefined symbol alias id 'undefined'}}
%0 = "foo.op"() : () -> !undefined
