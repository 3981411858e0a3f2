// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}memref-layout-rank-mismatch.mlir:9:25: error: memref layout mismatch between rank and affine map: 2 != 1
// CHECK-NEXT: %0 = "foo.op"() : () -> memref<4x4xf32, affine_map<(d0) -> (d0)>>
// CHECK-NEXT: ^

// expected-error @+1 {{memref layout mismatch between rank and affine map: 2 != 1}}
%0 = "foo.op"() : () -> memref<4x4xf32, affine_map<(d0) -> (d0)>>
