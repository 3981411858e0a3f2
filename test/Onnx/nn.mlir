// RUN: strata-run %S/Inputs/pool.onnx --target interp --input %S/Inputs/pool.in0.npy --expect %S/Inputs/pool.out0.npy --expect %S/Inputs/pool.out1.npy --expect %S/Inputs/pool.out2.npy --expect %S/Inputs/pool.out3.npy --expect %S/Inputs/pool.out4.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=POOL
// RUN: strata-run %S/Inputs/pool.onnx --target c --input %S/Inputs/pool.in0.npy --expect %S/Inputs/pool.out0.npy --expect %S/Inputs/pool.out1.npy --expect %S/Inputs/pool.out2.npy --expect %S/Inputs/pool.out3.npy --expect %S/Inputs/pool.out4.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=POOL
// RUN: strata-run %S/Inputs/batchnorm.onnx --target interp --input %S/Inputs/batchnorm.in0.npy --expect %S/Inputs/batchnorm.out0.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=BATCHNORM
// RUN: strata-run %S/Inputs/batchnorm.onnx --target c --input %S/Inputs/batchnorm.in0.npy --expect %S/Inputs/batchnorm.out0.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=BATCHNORM
// RUN: strata-run %S/Inputs/softmax.onnx --target interp --input %S/Inputs/softmax.in0.npy --expect %S/Inputs/softmax.out0.npy --expect %S/Inputs/softmax.out1.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=SOFTMAX
// RUN: strata-run %S/Inputs/softmax.onnx --target c --input %S/Inputs/softmax.in0.npy --expect %S/Inputs/softmax.out0.npy --expect %S/Inputs/softmax.out1.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=SOFTMAX
// RUN: strata-run %S/Inputs/layernorm.onnx --target interp --input %S/Inputs/layernorm.in0.npy --expect %S/Inputs/layernorm.out0.npy --expect %S/Inputs/layernorm.out1.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=LAYERNORM
// RUN: strata-run %S/Inputs/layernorm.onnx --target c --input %S/Inputs/layernorm.in0.npy --expect %S/Inputs/layernorm.out0.npy --expect %S/Inputs/layernorm.out1.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=LAYERNORM

// ONNX models imported and run on the interpreter and the C target against
// ONNX Runtime's outputs (test/Onnx/make_fixtures.py made the models, inputs
// and expected outputs): MaxPool, AveragePool (count_include_pad both ways),
// GlobalAveragePool, BatchNormalization (inference), Softmax (two axes),
// LayerNormalization (two axes, with and without bias). Float results within
// 1e-5 (the C target's kernels use FMA).

// POOL: expect: result #0 matches '{{.*}}pool.out0.npy'
// POOL: expect: result #1 matches '{{.*}}pool.out1.npy'
// POOL: expect: result #2 matches '{{.*}}pool.out2.npy'
// POOL: expect: result #3 matches '{{.*}}pool.out3.npy'
// POOL: expect: result #4 matches '{{.*}}pool.out4.npy'
// POOL-NOT: result #5
// BATCHNORM: expect: result #0 matches '{{.*}}batchnorm.out0.npy'
// BATCHNORM-NOT: result #1
// SOFTMAX: expect: result #0 matches '{{.*}}softmax.out0.npy'
// SOFTMAX: expect: result #1 matches '{{.*}}softmax.out1.npy'
// SOFTMAX-NOT: result #2
// LAYERNORM: expect: result #0 matches '{{.*}}layernorm.out0.npy'
// LAYERNORM: expect: result #1 matches '{{.*}}layernorm.out1.npy'
// LAYERNORM-NOT: result #2
