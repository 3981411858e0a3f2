// An op whose format reads `type(operands)` and infers its results gets a
// type list of the wrong length: a located error, not the inference hook
// indexing an empty list (vector.shuffle's panicked; found by the interp
// fuzz target).
// RUN: not strata-opt %s 2>&1 | FileCheck %s
// CHECK: format-type-list-count.mlir:[[@LINE+2]]:8: error:
func.func @f(%a: vector<2xf32>, %b: vector<2xf32>) {
  %1 = vector.shuffle %a, %b [0, 3, 4] : #3
  return
}
