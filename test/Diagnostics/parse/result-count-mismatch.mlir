// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}result-count-mismatch.mlir:9:1: error: operation defines 1 results but was provided 2 to bind
// CHECK-NEXT: %0:2 = "foo.op"() : () -> i32
// CHECK-NEXT: ^

// expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
%0:2 = "foo.op"() : () -> i32
