// RUN: strata-run %S/Inputs/gemm.onnx --target interp --input %S/Inputs/gemm.in0.npy --expect %S/Inputs/gemm.out0.npy --expect %S/Inputs/gemm.out1.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=GEMM
// RUN: strata-run %S/Inputs/gemm.onnx --target c --input %S/Inputs/gemm.in0.npy --expect %S/Inputs/gemm.out0.npy --expect %S/Inputs/gemm.out1.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=GEMM
// RUN: strata-run %S/Inputs/matmul.onnx --target interp --input %S/Inputs/matmul.in0.npy --input %S/Inputs/matmul.in1.npy --expect %S/Inputs/matmul.out0.npy --expect %S/Inputs/matmul.out1.npy --expect %S/Inputs/matmul.out2.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=MATMUL
// RUN: strata-run %S/Inputs/matmul.onnx --target c --input %S/Inputs/matmul.in0.npy --input %S/Inputs/matmul.in1.npy --expect %S/Inputs/matmul.out0.npy --expect %S/Inputs/matmul.out1.npy --expect %S/Inputs/matmul.out2.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=MATMUL

// ONNX models imported and run on the interpreter and the C target against
// ONNX Runtime's outputs (test/Onnx/make_fixtures.py made the models, inputs
// and expected outputs): Gemm (alpha, beta, transA, transB, bias broadcast)
// and MatMul (batched, broadcast batch, matrix-vector). Float results within
// 1e-5 (the C target's kernels use FMA).

// GEMM: expect: result #0 matches '{{.*}}gemm.out0.npy'
// GEMM: expect: result #1 matches '{{.*}}gemm.out1.npy'
// GEMM-NOT: result #2
// MATMUL: expect: result #0 matches '{{.*}}matmul.out0.npy'
// MATMUL: expect: result #1 matches '{{.*}}matmul.out1.npy'
// MATMUL: expect: result #2 matches '{{.*}}matmul.out2.npy'
// MATMUL-NOT: result #3
