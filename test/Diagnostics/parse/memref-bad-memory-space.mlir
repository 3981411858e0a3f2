// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// XFAIL: *
// Known difference: Strata does not yet match mlir-opt 22 on this input (the
// CHECK lines below are mlir-opt's output); see docs/testing.md.

// CHECK: {{.*}}memref-bad-memory-space.mlir:12:25: error: unsupported memory space Attribute
// CHECK-NEXT: %0 = "foo.op"() : () -> memref<4xf32, #foo.space>
// CHECK-NEXT: ^

// expected-error @+1 {{unsupported memory space Attribute}}
%0 = "foo.op"() : () -> memref<4xf32, #foo.space>
