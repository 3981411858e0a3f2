// An upstream pass that fails reports at the op, in this file; MLIR output
// Strata cannot read (a dialect it lacks) is reported in <mlir output> with
// the line quoted, and --export-mlir still prints it.
// REQUIRES: mlir
// RUN: not strata-translate --allow-unregistered-dialect --import-mlir %s --mlir-pipeline='builtin.module(one-shot-bufferize)' 2>&1 | FileCheck %s
// RUN: not strata-translate --allow-unregistered-dialect --import-mlir %s --mlir-pipeline='builtin.module(convert-to-llvm)' 2>&1 | FileCheck %s --check-prefix=LLVM
// RUN: strata-translate --allow-unregistered-dialect --export-mlir %s --mlir-pipeline='builtin.module(convert-to-llvm)' | FileCheck %s --check-prefix=EXPORT

// CHECK: pass-failure.mlir:[[@LINE+7]]:8: error: op was not bufferized
// CHECK-NEXT: {{^}}  %0 = "test.foo"(%t) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: {{^}}       ^
// CHECK-NEXT: note: see current operation
// LLVM: <mlir output>:{{[0-9]+}}:{{[0-9]+}}: error: custom op 'llvm.func' is unknown
// LLVM-NEXT: note: in <mlir output>: llvm.func @add
func.func @f(%t: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "test.foo"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// EXPORT: llvm.func @add(%arg0: i32, %arg1: i32) -> i32
// EXPORT-NEXT: llvm.add %arg0, %arg1 : i32
func.func @add(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}
