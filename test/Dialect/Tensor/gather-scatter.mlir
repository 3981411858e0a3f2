// tensor.gather / tensor.scatter: syntax (custom and generic form equal to
// mlir-opt 22's), verifier messages (MLIR's), and the interpreter's
// semantics on a known tensor.
// RUN: %roundtrip %s | FileCheck %s
// RUN: strata-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: strata-run %s --entry run --print | FileCheck %s --check-prefix=EXEC
// RUN: not strata-run %s --entry out_of_bounds 2>&1 | FileCheck %s --check-prefix=OOB
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts | FileCheck %s

// CHECK-LABEL: func.func @syntax(%arg0: tensor<4x5x6xf32>, %arg1: tensor<2x2xindex>, %arg2: tensor<2x2xi32>) -> (tensor<2x4x1x1xf32>, tensor<4x5x6xf32>) {
// CHECK-NEXT:    %gather = tensor.gather %arg0[%arg2] gather_dims([1, 2]) unique : (tensor<4x5x6xf32>, tensor<2x2xi32>) -> tensor<2x4x1x1xf32>
// CHECK-NEXT:    %gather_0 = tensor.gather %arg0[%arg1] gather_dims([1, 2]) : (tensor<4x5x6xf32>, tensor<2x2xindex>) -> tensor<2x4xf32>
// CHECK-NEXT:    %scatter = tensor.scatter %gather_0 into %arg0[%arg1] scatter_dims([1, 2]) unique : (tensor<2x4xf32>, tensor<4x5x6xf32>, tensor<2x2xindex>) -> tensor<4x5x6xf32>
// CHECK-NEXT:    return %gather, %scatter : tensor<2x4x1x1xf32>, tensor<4x5x6xf32>
// GENERIC: = "tensor.gather"(%arg0, %arg2) <{gather_dims = array<i64: 1, 2>, unique}> : (tensor<4x5x6xf32>, tensor<2x2xi32>) -> tensor<2x4x1x1xf32>
// GENERIC: = "tensor.scatter"(%{{[0-9]+}}, %arg0, %arg1) <{scatter_dims = array<i64: 1, 2>, unique}> : (tensor<2x4xf32>, tensor<4x5x6xf32>, tensor<2x2xindex>) -> tensor<4x5x6xf32>
func.func @syntax(%t: tensor<4x5x6xf32>, %i: tensor<2x2xindex>, %i32: tensor<2x2xi32>) -> (tensor<2x4x1x1xf32>, tensor<4x5x6xf32>) {
  %g = tensor.gather %t[%i32] gather_dims([1, 2]) unique : (tensor<4x5x6xf32>, tensor<2x2xi32>) -> tensor<2x4x1x1xf32>
  %r = tensor.gather %t[%i] gather_dims([1, 2]) : (tensor<4x5x6xf32>, tensor<2x2xindex>) -> tensor<2x4xf32>
  %s = tensor.scatter %r into %t[%i] scatter_dims([1, 2]) unique : (tensor<2x4xf32>, tensor<4x5x6xf32>, tensor<2x2xindex>) -> tensor<4x5x6xf32>
  return %g, %s : tensor<2x4x1x1xf32>, tensor<4x5x6xf32>
}

// Rows 2 and 0 of a 3x2 matrix, then written back swapped into zeros:
// gather along dim 0 keeps dim 1; scatter of row values [10, 11] goes to
// row 2 and [20, 21] to row 0.
// EXEC: dense<{{\[\[}}5, 6], [1, 2]]> : tensor<2x2xi32>
// EXEC-NEXT: dense<{{\[\[}}[5]], {{\[\[}}1]]]> : tensor<2x1x1xi32>
// EXEC-NEXT: dense<{{\[\[}}20, 21], [0, 0], [10, 11]]> : tensor<3x2xi32>
func.func @run() -> (tensor<2x2xi32>, tensor<2x1x1xi32>, tensor<3x2xi32>) {
  %t = arith.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %rows = arith.constant dense<[[2], [0]]> : tensor<2x1xindex>
  %g = tensor.gather %t[%rows] gather_dims([0]) : (tensor<3x2xi32>, tensor<2x1xindex>) -> tensor<2x2xi32>
  %pts = arith.constant dense<[[2, 0], [0, 0]]> : tensor<2x2xi32>
  %e = tensor.gather %t[%pts] gather_dims([0, 1]) : (tensor<3x2xi32>, tensor<2x2xi32>) -> tensor<2x1x1xi32>
  %z = arith.constant dense<0> : tensor<3x2xi32>
  %v = arith.constant dense<[[10, 11], [20, 21]]> : tensor<2x2xi32>
  %s = tensor.scatter %v into %z[%rows] scatter_dims([0]) unique : (tensor<2x2xi32>, tensor<3x2xi32>, tensor<2x1xindex>) -> tensor<3x2xi32>
  return %g, %e, %s : tensor<2x2xi32>, tensor<2x1x1xi32>, tensor<3x2xi32>
}

// OOB: error: out-of-bounds access at [3, 0] of a tensor of shape [3, 2]
func.func @out_of_bounds() -> tensor<1x2xi32> {
  %t = arith.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %rows = arith.constant dense<[[3]]> : tensor<1x1xindex>
  %g = tensor.gather %t[%rows] gather_dims([0]) : (tensor<3x2xi32>, tensor<1x1xindex>) -> tensor<1x2xi32>
  return %g : tensor<1x2xi32>
}
