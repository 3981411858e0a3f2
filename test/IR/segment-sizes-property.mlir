// In generic input, the operandSegmentSizes of an op with several
// variadic operand groups may be written as a plain attribute; it is
// inherent (MLIR's AttrSizedOperandSegments property) and prints as a
// property, as mlir-opt 22 prints it (the diff).
// RUN: strata-opt %s --mlir-print-op-generic > %t.strata
// RUN: FileCheck %s < %t.strata
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --mlir-print-op-generic > %t.mlir
// RUN: diff %t.strata %t.mlir

// CHECK: "cf.cond_br"(%arg0, %arg1, %arg1)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, i8, i8) -> ()
func.func @f(%c: i1, %x: i8) -> i8 {
  "cf.cond_br"(%c, %x, %x)[^a, ^b] {operandSegmentSizes = array<i32: 1, 2, 0>} : (i1, i8, i8) -> ()
^a(%p: i8, %q: i8):
  return %p : i8
^b:
  return %x : i8
}
