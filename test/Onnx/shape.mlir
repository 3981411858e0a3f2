// RUN: strata-run %S/Inputs/shape_ops.onnx --target interp --input %S/Inputs/shape_ops.in0.npy --expect %S/Inputs/shape_ops.out0.npy --expect %S/Inputs/shape_ops.out1.npy --expect %S/Inputs/shape_ops.out2.npy --expect %S/Inputs/shape_ops.out3.npy --expect %S/Inputs/shape_ops.out4.npy --expect %S/Inputs/shape_ops.out5.npy --expect %S/Inputs/shape_ops.out6.npy --expect %S/Inputs/shape_ops.out7.npy --expect %S/Inputs/shape_ops.out8.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=SHAPE_OPS
// RUN: strata-run %S/Inputs/shape_ops.onnx --target c --input %S/Inputs/shape_ops.in0.npy --expect %S/Inputs/shape_ops.out0.npy --expect %S/Inputs/shape_ops.out1.npy --expect %S/Inputs/shape_ops.out2.npy --expect %S/Inputs/shape_ops.out3.npy --expect %S/Inputs/shape_ops.out4.npy --expect %S/Inputs/shape_ops.out5.npy --expect %S/Inputs/shape_ops.out6.npy --expect %S/Inputs/shape_ops.out7.npy --expect %S/Inputs/shape_ops.out8.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=SHAPE_OPS

// ONNX models imported and run on the interpreter and the C target against
// ONNX Runtime's outputs (test/Onnx/make_fixtures.py made the models, inputs
// and expected outputs): Reshape (0 and -1), Flatten, Transpose, Concat,
// Slice (negative step), Gather (negative index), Unsqueeze, Squeeze,
// Transpose of a constant. Float results within 1e-5 (the C target's kernels
// use FMA).

// SHAPE_OPS: expect: result #0 matches '{{.*}}shape_ops.out0.npy'
// SHAPE_OPS: expect: result #1 matches '{{.*}}shape_ops.out1.npy'
// SHAPE_OPS: expect: result #2 matches '{{.*}}shape_ops.out2.npy'
// SHAPE_OPS: expect: result #3 matches '{{.*}}shape_ops.out3.npy'
// SHAPE_OPS: expect: result #4 matches '{{.*}}shape_ops.out4.npy'
// SHAPE_OPS: expect: result #5 matches '{{.*}}shape_ops.out5.npy'
// SHAPE_OPS: expect: result #6 matches '{{.*}}shape_ops.out6.npy'
// SHAPE_OPS: expect: result #7 matches '{{.*}}shape_ops.out7.npy'
// SHAPE_OPS: expect: result #8 matches '{{.*}}shape_ops.out8.npy'
// SHAPE_OPS-NOT: result #9
