// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}memref-bad-element.mlir:9:34: error: invalid memref element type
// CHECK-NEXT: %0 = "foo.op"() : () -> memref<4xtensor<2xf32>>
// CHECK-NEXT: ^

// expected-error @+1 {{invalid memref element type}}
%0 = "foo.op"() : () -> memref<4xtensor<2xf32>>
