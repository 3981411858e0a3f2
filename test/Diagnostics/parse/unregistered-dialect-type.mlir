// RUN: strata-opt %s --verify-diagnostics
// RUN: not strata-opt %s 2>&1 | FileCheck %s
// XFAIL: *
// Known difference: Strata does not yet match mlir-opt 22 on this input (the
// CHECK lines below are mlir-opt's output); see docs/testing.md.

// CHECK: {{.*}}unregistered-dialect-type.mlir:13:51: error: `!"foo"<"bar">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast to !foo.bar
// CHECK-NEXT: ^

"builtin.module"() ({
  // expected-error @+1 {{`!"foo"<"bar">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
  %0 = builtin.unrealized_conversion_cast to !foo.bar
}) : () -> ()
