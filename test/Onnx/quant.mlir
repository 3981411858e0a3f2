// RUN: strata-run %S/Inputs/quant.onnx --target interp --input %S/Inputs/quant.in0.npy --expect %S/Inputs/quant.out0.npy --expect %S/Inputs/quant.out1.npy --expect %S/Inputs/quant.out2.npy 2>&1 | FileCheck %s --check-prefix=QUANT
// RUN: strata-run %S/Inputs/quant.onnx --target c --input %S/Inputs/quant.in0.npy --expect %S/Inputs/quant.out0.npy --expect %S/Inputs/quant.out1.npy --expect %S/Inputs/quant.out2.npy 2>&1 | FileCheck %s --check-prefix=QUANT
// RUN: strata-run %S/Inputs/matmul_integer.onnx --target interp --input %S/Inputs/matmul_integer.in0.npy --expect %S/Inputs/matmul_integer.out0.npy 2>&1 | FileCheck %s --check-prefix=MATMUL_INTEGER
// RUN: strata-run %S/Inputs/matmul_integer.onnx --target c --input %S/Inputs/matmul_integer.in0.npy --expect %S/Inputs/matmul_integer.out0.npy 2>&1 | FileCheck %s --check-prefix=MATMUL_INTEGER
// RUN: strata-run %S/Inputs/conv_integer.onnx --target interp --input %S/Inputs/conv_integer.in0.npy --expect %S/Inputs/conv_integer.out0.npy 2>&1 | FileCheck %s --check-prefix=CONV_INTEGER
// RUN: strata-run %S/Inputs/conv_integer.onnx --target c --input %S/Inputs/conv_integer.in0.npy --expect %S/Inputs/conv_integer.out0.npy 2>&1 | FileCheck %s --check-prefix=CONV_INTEGER
// RUN: strata-run %S/Inputs/qlinear_matmul.onnx --target interp --input %S/Inputs/qlinear_matmul.in0.npy --expect %S/Inputs/qlinear_matmul.out0.npy 2>&1 | FileCheck %s --check-prefix=QLINEAR_MATMUL
// RUN: strata-run %S/Inputs/qlinear_matmul.onnx --target c --input %S/Inputs/qlinear_matmul.in0.npy --expect %S/Inputs/qlinear_matmul.out0.npy 2>&1 | FileCheck %s --check-prefix=QLINEAR_MATMUL
// RUN: strata-run %S/Inputs/qlinear_conv.onnx --target interp --input %S/Inputs/qlinear_conv.in0.npy --expect %S/Inputs/qlinear_conv.out0.npy 2>&1 | FileCheck %s --check-prefix=QLINEAR_CONV
// RUN: strata-run %S/Inputs/qlinear_conv.onnx --target c --input %S/Inputs/qlinear_conv.in0.npy --expect %S/Inputs/qlinear_conv.out0.npy 2>&1 | FileCheck %s --check-prefix=QLINEAR_CONV
// RUN: strata-run %S/Inputs/conv_integer_signed.onnx --target interp --input %S/Inputs/conv_integer_signed.in0.npy --expect %S/Inputs/conv_integer_signed.out0.npy 2>&1 | FileCheck %s --check-prefix=CONV_INTEGER_SIGNED
// RUN: strata-run %S/Inputs/conv_integer_signed.onnx --target c --input %S/Inputs/conv_integer_signed.in0.npy --expect %S/Inputs/conv_integer_signed.out0.npy 2>&1 | FileCheck %s --check-prefix=CONV_INTEGER_SIGNED
// RUN: strata-run %S/Inputs/conv_integer_weight_zp.onnx --target interp --input %S/Inputs/conv_integer_weight_zp.in0.npy --expect %S/Inputs/conv_integer_weight_zp.out0.npy 2>&1 | FileCheck %s --check-prefix=CONV_INTEGER_WEIGHT_ZP
// RUN: strata-run %S/Inputs/conv_integer_weight_zp.onnx --target c --input %S/Inputs/conv_integer_weight_zp.in0.npy --expect %S/Inputs/conv_integer_weight_zp.out0.npy 2>&1 | FileCheck %s --check-prefix=CONV_INTEGER_WEIGHT_ZP
// RUN: strata-translate --import-onnx %S/Inputs/qlinear_conv.onnx | FileCheck %s --check-prefix=BYTES
// RUN: strata-translate --import-onnx %S/Inputs/conv_integer_weight_zp.onnx | FileCheck %s --check-prefix=WIDENED

// ONNX models imported and run on the interpreter and the C target against
// ONNX Runtime's outputs (test/Onnx/make_fixtures.py made the models, inputs
// and expected outputs): QuantizeLinear (int8, uint8), DequantizeLinear,
// MatMulInteger, ConvInteger, QLinearMatMul, QLinearConv (per-channel weight
// scales, bias): integers exactly. ConvInteger and QLinearConv with constant
// int8 weights of zero point 0 convolve bytes (uint8 input offset by 128,
// the offset and zero point folded into the bias); a weight zero point takes
// the widened i32 form.

// QUANT: expect: result #0 matches '{{.*}}quant.out0.npy'
// QUANT: expect: result #1 matches '{{.*}}quant.out1.npy'
// QUANT: expect: result #2 matches '{{.*}}quant.out2.npy'
// QUANT-NOT: result #3
// MATMUL_INTEGER: expect: result #0 matches '{{.*}}matmul_integer.out0.npy'
// MATMUL_INTEGER-NOT: result #1
// CONV_INTEGER: expect: result #0 matches '{{.*}}conv_integer.out0.npy'
// CONV_INTEGER-NOT: result #1
// QLINEAR_MATMUL: expect: result #0 matches '{{.*}}qlinear_matmul.out0.npy'
// QLINEAR_MATMUL-NOT: result #1
// QLINEAR_CONV: expect: result #0 matches '{{.*}}qlinear_conv.out0.npy'
// QLINEAR_CONV-NOT: result #1
// CONV_INTEGER_SIGNED: expect: result #0 matches '{{.*}}conv_integer_signed.out0.npy'
// CONV_INTEGER_WEIGHT_ZP: expect: result #0 matches '{{.*}}conv_integer_weight_zp.out0.npy'

// BYTES:      arith.addi %{{.*}}, %c-128_i8 : i8
// BYTES:      tensor.pad
// BYTES:        tensor.yield %c-8_i8 : i8
// BYTES:      linalg.conv_2d_nchw_fchw {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x3x8x8xi8>, tensor<4x3x3x3xi8>) outs(%{{.*}} : tensor<1x4x6x6xi32>)
// WIDENED:    linalg.conv_2d_nchw_fchw {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x2x7x7xi32>, tensor<3x2x3x3xi32>) outs(%{{.*}} : tensor<1x3x5x5xi32>)
