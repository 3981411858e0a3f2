// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}name-op-without-results.mlir:9:1: error: cannot name an operation with no results
// CHECK-NEXT: %0 = "foo.op"() : () -> ()
// CHECK-NEXT: ^

// expected-error @+1 {{cannot name an operation with no results}}
%0 = "foo.op"() : () -> ()
