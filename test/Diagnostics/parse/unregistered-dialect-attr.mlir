// RUN: strata-opt %s --verify-diagnostics
// RUN: not strata-opt %s 2>&1 | FileCheck %s
// XFAIL: *
// Known difference: Strata does not yet match mlir-opt 22 on this input (the
// CHECK lines below are mlir-opt's output); see docs/testing.md.

// CHECK: {{.*}}unregistered-dialect-attr.mlir:12:33: error: #"foo"<"bar"> : 'none' attribute created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used
// CHECK-NEXT: module attributes {foo.a = #foo.bar} {
// CHECK-NEXT: ^

// expected-error @+1 {{#"foo"<"bar"> : 'none' attribute created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
module attributes {foo.a = #foo.bar} {
}
