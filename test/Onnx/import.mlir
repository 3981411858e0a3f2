// RUN: strata-translate --import-onnx %S/Inputs/gemm.onnx --mlir-print-debuginfo | FileCheck %s
// RUN: strata-translate --import-onnx %S/Inputs/gemm.onnx -o %t.mlir
// RUN: mlir-opt %t.mlir | strata-opt | diff - %t.mlir
// RUN: strata-translate --import-onnx %S/Inputs/qlinear_conv.onnx -o %t.q.mlir
// RUN: mlir-opt %t.q.mlir | strata-opt | diff - %t.q.mlir

// What an imported model looks like: `func.func @main_graph` with the
// graph's inputs and outputs in order, initializers as constants, named
// linalg ops where MLIR has one, each op located at its node
// (`loc("name"("OpType"))`). MLIR 22 parses the result and prints what
// Strata prints.

// CHECK-LABEL: func.func @main_graph(%arg0: tensor<3x5xf32>) -> (tensor<3x4xf32>, tensor<2x3xf32>) {
// Gemm(A, B, C) with transB = 1, alpha = 0.5, beta = 2: the constant B (4x5
// in the model) is transposed at import, its first row is B's first column.
// CHECK:         %[[BT:.*]] = arith.constant dense<{{\[}}[1.43759418, -1.10162282, -1.19309688, -1.09047484], [0.745957851, {{.*}}> : tensor<5x4xf32> loc(#[[GEMM0:loc[0-9]+]])
// CHECK:         %[[C:.*]] = arith.constant dense<{{.*}}> : tensor<4xf32> loc(#[[GEMM0]])
// CHECK-NOT:     linalg.transpose
// CHECK:         %[[AB:.*]] = linalg.matmul ins(%arg0, %[[BT]] : tensor<3x5xf32>, tensor<5x4xf32>)
// CHECK:         %[[Y:.*]] = linalg.generic {{.*}} ins(%[[AB]], %[[C]] : tensor<3x4xf32>, tensor<4xf32>)
// CHECK:           arith.constant 5.000000e-01 : f32
// CHECK:           arith.constant 2.000000e+00 : f32
// CHECK:         linalg.matmul
// CHECK:         return %[[Y]], %{{.*}} : tensor<3x4xf32>, tensor<2x3xf32>
// CHECK-DAG:   #[[GEMM_TYPE:loc[0-9]+]] = loc("Gemm")
// CHECK-DAG:   #[[GEMM0]] = loc("gemm0"(#[[GEMM_TYPE]]))
