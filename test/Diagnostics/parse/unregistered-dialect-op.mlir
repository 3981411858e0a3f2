// RUN: strata-opt %s --verify-diagnostics
// RUN: not strata-opt %s 2>&1 | FileCheck %s
// XFAIL: *
// Known difference: Strata does not yet match mlir-opt 22 on this input (the
// CHECK lines below are mlir-opt's output); see docs/testing.md.

// CHECK: {{.*}}unregistered-dialect-op.mlir:13:9: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: ^

// Without --allow-unregistered-dialect, unknown ops are errors.
// expected-error @+1 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
"foo.op"() : () -> ()
