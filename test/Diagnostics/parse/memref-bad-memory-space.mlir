// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}memref-bad-memory-space.mlir:9:25: error: unsupported memory space Attribute
// CHECK-NEXT: %0 = "foo.op"() : () -> memref<4xf32, #foo.space>
// CHECK-NEXT: ^

// expected-error @+1 {{unsupported memory space Attribute}}
%0 = "foo.op"() : () -> memref<4xf32, #foo.space>
