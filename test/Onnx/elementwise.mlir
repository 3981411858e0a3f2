// RUN: strata-run %S/Inputs/binary.onnx --target interp --input %S/Inputs/binary.in0.npy --input %S/Inputs/binary.in1.npy --expect %S/Inputs/binary.out0.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=BINARY
// RUN: strata-run %S/Inputs/binary.onnx --target c --input %S/Inputs/binary.in0.npy --input %S/Inputs/binary.in1.npy --expect %S/Inputs/binary.out0.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=BINARY
// RUN: strata-run %S/Inputs/binary_int.onnx --target interp --input %S/Inputs/binary_int.in0.npy --input %S/Inputs/binary_int.in1.npy --expect %S/Inputs/binary_int.out0.npy --expect %S/Inputs/binary_int.out1.npy 2>&1 | FileCheck %s --check-prefix=BINARY_INT
// RUN: strata-run %S/Inputs/binary_int.onnx --target c --input %S/Inputs/binary_int.in0.npy --input %S/Inputs/binary_int.in1.npy --expect %S/Inputs/binary_int.out0.npy --expect %S/Inputs/binary_int.out1.npy 2>&1 | FileCheck %s --check-prefix=BINARY_INT
// RUN: strata-run %S/Inputs/unary.onnx --target interp --input %S/Inputs/unary.in0.npy --expect %S/Inputs/unary.out0.npy --expect %S/Inputs/unary.out1.npy --expect %S/Inputs/unary.out2.npy --expect %S/Inputs/unary.out3.npy --expect %S/Inputs/unary.out4.npy --expect %S/Inputs/unary.out5.npy --expect %S/Inputs/unary.out6.npy --expect %S/Inputs/unary.out7.npy --expect %S/Inputs/unary.out8.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=UNARY
// RUN: strata-run %S/Inputs/unary.onnx --target c --input %S/Inputs/unary.in0.npy --expect %S/Inputs/unary.out0.npy --expect %S/Inputs/unary.out1.npy --expect %S/Inputs/unary.out2.npy --expect %S/Inputs/unary.out3.npy --expect %S/Inputs/unary.out4.npy --expect %S/Inputs/unary.out5.npy --expect %S/Inputs/unary.out6.npy --expect %S/Inputs/unary.out7.npy --expect %S/Inputs/unary.out8.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=UNARY
// RUN: strata-run %S/Inputs/gelu.onnx --target interp --input %S/Inputs/gelu.in0.npy --expect %S/Inputs/gelu.out0.npy --expect %S/Inputs/gelu.out1.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=GELU
// RUN: strata-run %S/Inputs/gelu.onnx --target c --input %S/Inputs/gelu.in0.npy --expect %S/Inputs/gelu.out0.npy --expect %S/Inputs/gelu.out1.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=GELU

// ONNX models imported and run on the interpreter and the C target against
// ONNX Runtime's outputs (test/Onnx/make_fixtures.py made the models, inputs
// and expected outputs): Add, Sub, Mul, Div (float and integer, numpy
// broadcasting), Relu, Sigmoid, Tanh, Erf, Exp, Sqrt, Neg, Clip (both
// bounds, upper only) and Gelu (exact and tanh). Float results within 1e-5
// (the C target's kernels use FMA).

// BINARY: expect: result #0 matches '{{.*}}binary.out0.npy'
// BINARY-NOT: result #1
// BINARY_INT: expect: result #0 matches '{{.*}}binary_int.out0.npy'
// BINARY_INT: expect: result #1 matches '{{.*}}binary_int.out1.npy'
// BINARY_INT-NOT: result #2
// UNARY: expect: result #0 matches '{{.*}}unary.out0.npy'
// UNARY: expect: result #1 matches '{{.*}}unary.out1.npy'
// UNARY: expect: result #2 matches '{{.*}}unary.out2.npy'
// UNARY: expect: result #3 matches '{{.*}}unary.out3.npy'
// UNARY: expect: result #4 matches '{{.*}}unary.out4.npy'
// UNARY: expect: result #5 matches '{{.*}}unary.out5.npy'
// UNARY: expect: result #6 matches '{{.*}}unary.out6.npy'
// UNARY: expect: result #7 matches '{{.*}}unary.out7.npy'
// UNARY: expect: result #8 matches '{{.*}}unary.out8.npy'
// UNARY-NOT: result #9
// GELU: expect: result #0 matches '{{.*}}gelu.out0.npy'
// GELU: expect: result #1 matches '{{.*}}gelu.out1.npy'
// GELU-NOT: result #2
