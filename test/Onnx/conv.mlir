// RUN: strata-run %S/Inputs/conv.onnx --target interp --input %S/Inputs/conv.in0.npy --expect %S/Inputs/conv.out0.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=CONV
// RUN: strata-run %S/Inputs/conv.onnx --target c --input %S/Inputs/conv.in0.npy --expect %S/Inputs/conv.out0.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=CONV
// RUN: strata-run %S/Inputs/conv_stride_dilation.onnx --target interp --input %S/Inputs/conv_stride_dilation.in0.npy --expect %S/Inputs/conv_stride_dilation.out0.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=CONV_STRIDE_DILATION
// RUN: strata-run %S/Inputs/conv_stride_dilation.onnx --target c --input %S/Inputs/conv_stride_dilation.in0.npy --expect %S/Inputs/conv_stride_dilation.out0.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=CONV_STRIDE_DILATION
// RUN: strata-run %S/Inputs/conv_groups.onnx --target interp --input %S/Inputs/conv_groups.in0.npy --expect %S/Inputs/conv_groups.out0.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=CONV_GROUPS
// RUN: strata-run %S/Inputs/conv_groups.onnx --target c --input %S/Inputs/conv_groups.in0.npy --expect %S/Inputs/conv_groups.out0.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=CONV_GROUPS
// RUN: strata-run %S/Inputs/conv_depthwise.onnx --target interp --input %S/Inputs/conv_depthwise.in0.npy --expect %S/Inputs/conv_depthwise.out0.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=CONV_DEPTHWISE
// RUN: strata-run %S/Inputs/conv_depthwise.onnx --target c --input %S/Inputs/conv_depthwise.in0.npy --expect %S/Inputs/conv_depthwise.out0.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=CONV_DEPTHWISE
// RUN: strata-run %S/Inputs/conv_same_upper.onnx --target interp --input %S/Inputs/conv_same_upper.in0.npy --expect %S/Inputs/conv_same_upper.out0.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=CONV_SAME_UPPER
// RUN: strata-run %S/Inputs/conv_same_upper.onnx --target c --input %S/Inputs/conv_same_upper.in0.npy --expect %S/Inputs/conv_same_upper.out0.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=CONV_SAME_UPPER
// RUN: strata-run %S/Inputs/conv_same_lower.onnx --target interp --input %S/Inputs/conv_same_lower.in0.npy --expect %S/Inputs/conv_same_lower.out0.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=CONV_SAME_LOWER
// RUN: strata-run %S/Inputs/conv_same_lower.onnx --target c --input %S/Inputs/conv_same_lower.in0.npy --expect %S/Inputs/conv_same_lower.out0.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=CONV_SAME_LOWER
// RUN: strata-run %S/Inputs/conv_external.onnx --input %S/Inputs/conv.in0.npy --expect %S/Inputs/conv.out0.npy --atol 1e-5 --rtol 1e-5 2>&1 | FileCheck %s --check-prefix=CONV

// ONNX models imported and run on the interpreter and the C target against
// ONNX Runtime's outputs (test/Onnx/make_fixtures.py made the models, inputs
// and expected outputs): Conv: padding, strides, dilations, groups,
// depthwise, auto_pad SAME_UPPER and SAME_LOWER, with and without bias;
// conv_external.onnx is conv.onnx with its weights in a file beside it (ONNX
// external data). Float results within 1e-5 (the C target's kernels use
// FMA).

// CONV: expect: result #0 matches '{{.*}}conv.out0.npy'
// CONV-NOT: result #1
// CONV_STRIDE_DILATION: expect: result #0 matches '{{.*}}conv_stride_dilation.out0.npy'
// CONV_STRIDE_DILATION-NOT: result #1
// CONV_GROUPS: expect: result #0 matches '{{.*}}conv_groups.out0.npy'
// CONV_GROUPS-NOT: result #1
// CONV_DEPTHWISE: expect: result #0 matches '{{.*}}conv_depthwise.out0.npy'
// CONV_DEPTHWISE-NOT: result #1
// CONV_SAME_UPPER: expect: result #0 matches '{{.*}}conv_same_upper.out0.npy'
// CONV_SAME_UPPER-NOT: result #1
// CONV_SAME_LOWER: expect: result #0 matches '{{.*}}conv_same_lower.out0.npy'
// CONV_SAME_LOWER-NOT: result #1
