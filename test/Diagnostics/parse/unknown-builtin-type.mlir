// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}unknown-builtin-type.mlir:9:24: error: expected non-function type
// CHECK-NEXT: %0 = "foo.op"() : () -> f7
// CHECK-NEXT: ^

// expected-error @+1 {{expected non-function type}}
%0 = "foo.op"() : () -> f7
