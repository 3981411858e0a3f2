// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}memref-strided-rank-mismatch.mlir:9:25: error: expected the number of strides to match the rank
// CHECK-NEXT: %0 = "foo.op"() : () -> memref<4x4xf32, strided<[1]>>
// CHECK-NEXT: ^

// expected-error @+1 {{expected the number of strides to match the rank}}
%0 = "foo.op"() : () -> memref<4x4xf32, strided<[1]>>
