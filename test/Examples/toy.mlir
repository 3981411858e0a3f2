// The out-of-tree Toy dialect (examples/toy) in its own opt tool: custom
// syntax, shape inference pass, fold and canonicalization.
// RUN: toy-opt %s --toy-shape-inference | FileCheck %s --check-prefix=SHAPES
// RUN: toy-opt %s --toy-shape-inference --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: toy-opt %s --mlir-print-op-generic | toy-opt | toy-opt --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

func.func @main() {
  %0 = toy.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf64>
  %1 = toy.transpose %0 : tensor<2x3xf64> to tensor<*xf64>
  %2 = toy.transpose %1 : tensor<*xf64> to tensor<*xf64>
  %3 = toy.mul %2, %2 : tensor<*xf64>
  toy.print %3 : tensor<*xf64>
  return
}

// SHAPES:      %[[T1:.*]] = toy.transpose %{{.*}} : tensor<2x3xf64> to tensor<3x2xf64>
// SHAPES-NEXT: %[[T2:.*]] = toy.transpose %[[T1]] : tensor<3x2xf64> to tensor<2x3xf64>
// SHAPES-NEXT: %[[M:.*]] = toy.mul %[[T2]], %[[T2]] : tensor<2x3xf64>
// SHAPES-NEXT: toy.print %[[M]] : tensor<2x3xf64>

// CANON:      %[[C:.*]] = toy.constant dense<{{\[}}[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf64>
// CANON-NEXT: %[[M:.*]] = toy.mul %[[C]], %[[C]] : tensor<2x3xf64>
// CANON-NEXT: toy.print %[[M]] : tensor<2x3xf64>
// CANON-NOT:  toy.transpose

// GENERIC: "toy.constant"() <{value = dense
// GENERIC: "toy.transpose"(%{{.*}}) : (tensor<2x3xf64>) -> tensor<*xf64>
