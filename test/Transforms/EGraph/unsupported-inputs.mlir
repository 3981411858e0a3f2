// RUN: strata-opt %s --split-input-file --egraph-layout='target=vta' 2>&1 >/dev/null | FileCheck %s
// RUN: strata-opt %s --split-input-file --egraph-layout='target=vta' 2>/dev/null | FileCheck %s --check-prefix=OUT
// RUN: not strata-opt %s --split-input-file --egraph-layout='target=vta verify=true' 2>&1 | FileCheck %s --check-prefix=VERIFY

// What the layout engine does not model is left alone with a remark, never
// a crash: empty tensors (the rules divide by their sizes), memref forms
// of linalg ops (no tensor result), shapes whose element count overflows.
// Huge shapes are rewritten without running anything; verify=true refuses
// to draw more random inputs than its limit.

// CHECK: remark: egraph-layout: skipped: argument #0 is a zero-sized tensor
// OUT-LABEL: func.func @batch0
func.func @batch0(%x: tensor<0x3x8x8xi8>, %w: tensor<16x3x3x3xi8>) -> tensor<0x16x6x6xi32> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<0x16x6x6xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<0x16x6x6xi32>) -> tensor<0x16x6x6xi32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<0x3x8x8xi8>, tensor<16x3x3x3xi8>) outs(%z : tensor<0x16x6x6xi32>) -> tensor<0x16x6x6xi32>
  return %r : tensor<0x16x6x6xi32>
}

// -----

// CHECK: remark: egraph-layout: skipped: tensor.empty: the result is a zero-sized tensor
// OUT-LABEL: func.func @filters0
func.func @filters0(%x: tensor<1x3x8x8xi8>, %w: tensor<16x3x3x3xi8>) -> tensor<1x0x6x6xi32> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x0x6x6xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x0x6x6xi32>) -> tensor<1x0x6x6xi32>
  %ws = tensor.extract_slice %w[0, 0, 0, 0] [0, 3, 3, 3] [1, 1, 1, 1] : tensor<16x3x3x3xi8> to tensor<0x3x3x3xi8>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %ws : tensor<1x3x8x8xi8>, tensor<0x3x3x3xi8>) outs(%z : tensor<1x0x6x6xi32>) -> tensor<1x0x6x6xi32>
  return %r : tensor<1x0x6x6xi32>
}

// -----

// CHECK: remark: egraph-layout: skipped: argument #0 is not a static integer or f32 tensor
// OUT-LABEL: func.func @memref_transpose
// OUT: linalg.transpose ins(%arg0 : memref<2x3xi32>)
func.func @memref_transpose(%x: memref<2x3xi32>, %y: memref<3x2xi32>) {
  linalg.transpose ins(%x : memref<2x3xi32>) outs(%y : memref<3x2xi32>) permutation = [1, 0]
  return
}

// -----

// CHECK: remark: egraph-layout: skipped: bufferization.to_buffer: the result is not a static tensor
// OUT-LABEL: func.func @memref_transpose_of_tensor_arg
func.func @memref_transpose_of_tensor_arg(%t: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %x = bufferization.to_buffer %t : tensor<2x3xi32> to memref<2x3xi32>
  %y = memref.alloc() : memref<3x2xi32>
  linalg.transpose ins(%x : memref<2x3xi32>) outs(%y : memref<3x2xi32>) permutation = [1, 0]
  return %t : tensor<2x3xi32>
}

// -----

// CHECK: remark: egraph-layout: skipped: argument #0 is a tensor of more than 2^63 elements
// OUT-LABEL: func.func @overflowing
func.func @overflowing(%x: tensor<3037000500x3037000500xi32>) -> tensor<3037000500x3037000500xi32> {
  %e = tensor.empty() : tensor<3037000500x3037000500xi32>
  %t = linalg.transpose ins(%x : tensor<3037000500x3037000500xi32>) outs(%e : tensor<3037000500x3037000500xi32>) permutation = [1, 0]
  return %t : tensor<3037000500x3037000500xi32>
}

// -----

// 3 x 10^10 input elements: rewritten (the model needs no data), but not run.
// CHECK: remark: egraph-layout: conv_2d_nchw_fchw target=vta chosen-macs=5119795202048 padded-macs=23039078409216 strategy=pad+stencil-unroll+im2col
// OUT-LABEL: func.func @huge
// VERIFY: error: egraph-layout: verify=true would run the function on 30000000432 random input elements, more than its limit of 16777216
func.func @huge(%x: tensor<1x3x100000x100000xi8>, %w: tensor<16x3x3x3xi8>) -> tensor<1x16x99998x99998xi32> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x16x99998x99998xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x16x99998x99998xi32>) -> tensor<1x16x99998x99998xi32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x3x100000x100000xi8>, tensor<16x3x3x3xi8>) outs(%z : tensor<1x16x99998x99998xi32>) -> tensor<1x16x99998x99998xi32>
  return %r : tensor<1x16x99998x99998xi32>
}
