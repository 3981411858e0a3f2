// Where sccp puts the constants it materializes, as MLIR's OperationFolder:
// at the top of the function, newest first, one per dialect, value and
// type. A constant folded by another dialect (tensor.dim, memref.dim) that
// its dialect materializes as an arith.constant is shared with arith's own;
// two arith ops folding to the same value share one; constants nobody uses
// are materialized too (and left for canonicalize). The output is
// byte-identical to mlir-opt 22's and the interpreter computes the same
// before and after on random inputs.
// RUN: strata-opt %s --sccp > %t.strata
// RUN: FileCheck %s < %t.strata
// RUN: strata-opt %s --sccp --verify-equivalence --equivalence-trials=5 > /dev/null
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --sccp > %t.mlir
// RUN: diff %t.strata %t.mlir

// CHECK-LABEL: func.func @shared(
// CHECK-NEXT: %c6 = arith.constant 6 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c9_i64 = arith.constant 9 : i64
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: return %c4, %c4, %c3, %c3, %c6 : index, index, index, index, index
func.func @shared(%t: tensor<4x?xf32>, %m: memref<?x3xi8>) -> (index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %unused = arith.constant 9 : i64
  %c2 = arith.constant 2 : index
  %four = arith.constant 4 : index
  %d0 = tensor.dim %t, %c0 : tensor<4x?xf32>
  %one = arith.constant 1 : index
  %d1 = memref.dim %m, %one : memref<?x3xi8>
  %three = arith.addi %one, %c2 : index
  %six = arith.muli %three, %c2 : index
  return %d0, %four, %d1, %three, %six : index, index, index, index, index
}
