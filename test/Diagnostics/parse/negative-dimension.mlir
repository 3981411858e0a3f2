// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}negative-dimension.mlir:9:32: error: expected non-function type
// CHECK-NEXT: %0 = "foo.op"() : () -> tensor<-1xf32>
// CHECK-NEXT: ^

// expected-error @+1 {{expected non-function type}}
%0 = "foo.op"() : () -> tensor<-1xf32>
