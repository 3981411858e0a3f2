// MLIR's diagnostics come back as Strata's: file:line:col: error: with the
// source line, never a panic, never silence.
// REQUIRES: mlir
// RUN: not strata-translate --import-mlir --split-input-file %s 2>&1 | FileCheck %s
// RUN: not strata-translate --import-mlir %s --split-input-file --mlir-pipeline='builtin.module(no-such-pass)' 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: not strata-translate --export-mlir %s --split-input-file 2>&1 | FileCheck %s --check-prefix=STRATA
// RUN: not strata-translate --mlir-to-c %s --mlir-pipeline='builtin.module(canonicalize)' 2>&1 | FileCheck %s --check-prefix=NOBRIDGE

// MLIR's verifier, located in this file (chunk offsets included).
// CHECK: diagnostics.mlir:[[@LINE+3]]:8: error: 'arith.addi' op requires the same type for all operands and results
// STRATA: diagnostics.mlir:[[@LINE+2]]:8: error: 'arith.addi' op requires the same type for all operands and results
func.func @bad(%a: i32, %b: i64) -> i32 {
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return %0 : i32
}

// -----

// MLIR's parser.
// CHECK: diagnostics.mlir:[[@LINE+2]]:3: error: custom op 'func.retrun' is unknown
func.func @typo() {
  func.retrun
}

// The pipeline is checked before any module: one error per chunk.
// PIPELINE: <mlir-pipeline>:1:16: error: 'no-such-pass' does not refer to a registered pass or pass pipeline
// PIPELINE-NEXT: <mlir-pipeline>:1:16: note: in <mlir-pipeline>: builtin.module(no-such-pass)

// A pipeline is for the bridge only, never silently ignored.
// NOBRIDGE: error: the following required arguments were not provided:
// NOBRIDGE-NEXT: <--export-mlir|--import-mlir>
