// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}tensor-bad-element.mlir:9:34: error: invalid tensor element type
// CHECK-NEXT: %0 = "foo.op"() : () -> tensor<4xtuple<i32>>
// CHECK-NEXT: ^

// expected-error @+1 {{invalid tensor element type}}
%0 = "foo.op"() : () -> tensor<4xtuple<i32>>
