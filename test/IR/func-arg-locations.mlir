// With --mlir-print-debuginfo a function's arguments print their locations
// in the signature, as mlir-opt 22 prints them (MLIR's
// printOptionalLocationSpecifier): the output is byte-identical (the diff).
// RUN: strata-opt %s --mlir-print-debuginfo > %t.strata
// RUN: FileCheck %s < %t.strata
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --mlir-print-debuginfo > %t.mlir
// RUN: diff %t.strata %t.mlir

// CHECK: func.func @f(%arg0: f32 loc("a"), %arg1: i8 {foo.bar} loc("b.c":3:4)) -> f32 {
func.func @f(%x: f32 loc("a"), %y: i8 {foo.bar} loc("b.c":3:4)) -> f32 {
  return %x : f32 loc("r")
} loc("f")
