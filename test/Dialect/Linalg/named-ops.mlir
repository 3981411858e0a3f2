// RUN: %roundtrip %s | FileCheck %s --check-prefix=RT
// RUN: strata-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: strata-opt %s --linalg-generalize-named-ops | FileCheck %s --check-prefix=GEN
// RUN: strata-opt %s --linalg-generalize-named-ops --verify-equivalence --equivalence-trials=3 > /dev/null
// RUN: strata-opt %s --linalg-generalize-named-ops | strata-opt --convert-linalg-to-loops --verify-equivalence --equivalence-trials=2 > /dev/null
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts
// RUN: strata-opt %s --mlir-print-op-generic | %mlir-accepts
// RUN: strata-opt %s --linalg-generalize-named-ops | %mlir-accepts > /dev/null
//
// MLIR 22's OpDSL named ops added from upstream's named-ops.mlir: the
// contractions with fixed maps (dot, vecmat, batch_matvec, batch_vecmat,
// mmt4d, quantized_matmul), batch_reduce_matmul and contract (user maps),
// the convolution / depthwise / pooling variants, and the elementwise ops.
// Prefix RT checks the custom form as mlir-opt 22 prints it; prefix GENERIC
// that ops with fixed maps carry `linalg.memoized_indexing_maps` in the
// generic form, as MLIR's getIndexingMaps() leaves it; prefix GEN is what
// `mlir-opt --linalg-generalize-named-ops` prints. The generalized payloads
// are executed in the interpreter against the named ops on random inputs,
// then again after lowering to loops.

func.func @contractions(%v: tensor<8xf32>, %w: tensor<8xi8>, %a: tensor<8x4xf32>, %b3: tensor<2x3x8xf32>, %v2: tensor<2x8xf32>, %s: tensor<f32>, %o4: tensor<4xf32>, %o23: tensor<2x3xf32>, %b83: tensor<2x8x3xf32>, %o33: tensor<3x3xf32>) -> (tensor<f32>, tensor<4xf32>, tensor<2x3xf32>, tensor<3x3xf32>) {
  %0 = linalg.dot ins(%w, %v : tensor<8xi8>, tensor<8xf32>) outs(%s : tensor<f32>) -> tensor<f32>
  %1 = linalg.vecmat ins(%v, %a : tensor<8xf32>, tensor<8x4xf32>) outs(%o4 : tensor<4xf32>) -> tensor<4xf32>
  %2 = linalg.batch_matvec ins(%b3, %v2 : tensor<2x3x8xf32>, tensor<2x8xf32>) outs(%o23 : tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = linalg.batch_reduce_matmul ins(%b3, %b83 : tensor<2x3x8xf32>, tensor<2x8x3xf32>) outs(%o33 : tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0, %1, %2, %3 : tensor<f32>, tensor<4xf32>, tensor<2x3xf32>, tensor<3x3xf32>
}
func.func @more_contractions(%v2: tensor<2x8xf32>, %b: tensor<2x8x3xf32>, %o23: tensor<2x3xf32>, %l: tensor<2x3x4x2xf32>, %r: tensor<5x3x3x2xf32>, %o: tensor<2x5x4x3xf32>, %x: tensor<4x8xi8>, %y: tensor<8x2xi8>, %zx: i32, %zy: i32, %q: tensor<4x2xi32>) -> (tensor<2x3xf32>, tensor<2x5x4x3xf32>, tensor<4x2xi32>) {
  %0 = linalg.batch_vecmat ins(%v2, %b : tensor<2x8xf32>, tensor<2x8x3xf32>) outs(%o23 : tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = linalg.mmt4d ins(%l, %r : tensor<2x3x4x2xf32>, tensor<5x3x3x2xf32>) outs(%o : tensor<2x5x4x3xf32>) -> tensor<2x5x4x3xf32>
  %2 = linalg.quantized_matmul ins(%x, %y, %zx, %zy : tensor<4x8xi8>, tensor<8x2xi8>, i32, i32) outs(%q : tensor<4x2xi32>) -> tensor<4x2xi32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x5x4x3xf32>, tensor<4x2xi32>
}
func.func @contract(%a: tensor<3x5xf32>, %b: tensor<2x7x5xf32>, %c: tensor<2x3x7xf32>) -> tensor<2x3x7xf32> {
  %0 = linalg.contract indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>] ins(%a, %b : tensor<3x5xf32>, tensor<2x7x5xf32>) outs(%c : tensor<2x3x7xf32>) -> tensor<2x3x7xf32>
  return %0 : tensor<2x3x7xf32>
}
func.func @convs(%i1: tensor<9xf32>, %k1: tensor<3xf32>, %o1: tensor<7xf32>, %i: tensor<1x9x9x2xf32>, %f: tensor<4x3x3x2xf32>, %o: tensor<1x4x4x4xf32>, %iq: tensor<1x6x6x2xi8>, %fq: tensor<3x3x2x4xi8>, %z: i32, %oq: tensor<1x4x4x4xi32>, %ig: tensor<1x2x3x6x6xf32>, %fg: tensor<2x4x3x3x3xf32>, %og: tensor<1x2x4x4x4xf32>) -> (tensor<7xf32>, tensor<1x4x4x4xf32>, tensor<1x4x4x4xi32>, tensor<1x2x4x4x4xf32>) {
  %0 = linalg.conv_1d ins(%i1, %k1 : tensor<9xf32>, tensor<3xf32>) outs(%o1 : tensor<7xf32>) -> tensor<7xf32>
  %1 = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%i, %f : tensor<1x9x9x2xf32>, tensor<4x3x3x2xf32>) outs(%o : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %2 = linalg.conv_2d_nhwc_hwcf_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%iq, %fq, %z, %z : tensor<1x6x6x2xi8>, tensor<3x3x2x4xi8>, i32, i32) outs(%oq : tensor<1x4x4x4xi32>) -> tensor<1x4x4x4xi32>
  %3 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%ig, %fg : tensor<1x2x3x6x6xf32>, tensor<2x4x3x3x3xf32>) outs(%og : tensor<1x2x4x4x4xf32>) -> tensor<1x2x4x4x4xf32>
  return %0, %1, %2, %3 : tensor<7xf32>, tensor<1x4x4x4xf32>, tensor<1x4x4x4xi32>, tensor<1x2x4x4x4xf32>
}
func.func @depthwise(%i: tensor<1x8x3xf32>, %f: tensor<3x3x2xf32>, %o: tensor<1x6x3x2xf32>, %i2: tensor<1x3x9x9xf32>, %f2: tensor<3x3x3xf32>, %o2: tensor<1x3x5x5xf32>, %i3: tensor<1x4x4x4x2xf32>, %f3: tensor<2x2x2x2x3xf32>, %o3: tensor<1x3x3x3x2x3xf32>) -> (tensor<1x6x3x2xf32>, tensor<1x3x5x5xf32>, tensor<1x3x3x3x2x3xf32>) {
  %0 = linalg.depthwise_conv_1d_nwc_wcm {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%i, %f : tensor<1x8x3xf32>, tensor<3x3x2xf32>) outs(%o : tensor<1x6x3x2xf32>) -> tensor<1x6x3x2xf32>
  %1 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<2> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%i2, %f2 : tensor<1x3x9x9xf32>, tensor<3x3x3xf32>) outs(%o2 : tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  %2 = linalg.depthwise_conv_3d_ndhwc_dhwcm {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%i3, %f3 : tensor<1x4x4x4x2xf32>, tensor<2x2x2x2x3xf32>) outs(%o3 : tensor<1x3x3x3x2x3xf32>) -> tensor<1x3x3x3x2x3xf32>
  return %0, %1, %2 : tensor<1x6x3x2xf32>, tensor<1x3x5x5xf32>, tensor<1x3x3x3x2x3xf32>
}
func.func @pooling(%i: tensor<1x8x3xf32>, %w: tensor<3xf32>, %o: tensor<1x6x3xf32>, %iu: tensor<1x5x5x2xi8>, %wu: tensor<2x2xi8>, %ou: tensor<1x4x4x2xi32>, %i3: tensor<1x4x4x4x2xf32>, %w3: tensor<2x2x2xf32>, %o3: tensor<1x3x3x3x2xf32>) -> (tensor<1x6x3xf32>, tensor<1x4x4x2xi32>, tensor<1x3x3x3x2xf32>) {
  %0 = linalg.pooling_nwc_max {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%i, %w : tensor<1x8x3xf32>, tensor<3xf32>) outs(%o : tensor<1x6x3xf32>) -> tensor<1x6x3xf32>
  %1 = linalg.pooling_nhwc_min_unsigned {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%iu, %wu : tensor<1x5x5x2xi8>, tensor<2x2xi8>) outs(%ou : tensor<1x4x4x2xi32>) -> tensor<1x4x4x2xi32>
  %2 = linalg.pooling_ndhwc_sum {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%i3, %w3 : tensor<1x4x4x4x2xf32>, tensor<2x2x2xf32>) outs(%o3 : tensor<1x3x3x3x2xf32>) -> tensor<1x3x3x3x2xf32>
  return %0, %1, %2 : tensor<1x6x3xf32>, tensor<1x4x4x2xi32>, tensor<1x3x3x3x2xf32>
}
func.func @elementwise(%a: tensor<4x5xf32>, %b: tensor<4x5xf32>, %c: tensor<4x5xi1>, %i: tensor<4x5xi32>, %e: tensor<4x5xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xi32>, tensor<4x5xf32>, tensor<4x5xf32>) {
  %0 = linalg.exp ins(%a : tensor<4x5xf32>) outs(%e : tensor<4x5xf32>) -> tensor<4x5xf32>
  %1 = linalg.abs ins(%a : tensor<4x5xf32>) outs(%e : tensor<4x5xf32>) -> tensor<4x5xf32>
  %2 = linalg.reciprocal ins(%a : tensor<4x5xf32>) outs(%e : tensor<4x5xf32>) -> tensor<4x5xf32>
  %3 = linalg.square ins(%a : tensor<4x5xf32>) outs(%e : tensor<4x5xf32>) -> tensor<4x5xf32>
  %4 = linalg.erf ins(%a : tensor<4x5xf32>) outs(%e : tensor<4x5xf32>) -> tensor<4x5xf32>
  %5 = linalg.sub ins(%a, %b : tensor<4x5xf32>, tensor<4x5xf32>) outs(%e : tensor<4x5xf32>) -> tensor<4x5xf32>
  %6 = linalg.max ins(%i, %i : tensor<4x5xi32>, tensor<4x5xi32>) outs(%i : tensor<4x5xi32>) -> tensor<4x5xi32>
  %7 = linalg.min ins(%a, %b : tensor<4x5xf32>, tensor<4x5xf32>) outs(%e : tensor<4x5xf32>) -> tensor<4x5xf32>
  %8 = linalg.select ins(%c, %a, %b : tensor<4x5xi1>, tensor<4x5xf32>, tensor<4x5xf32>) outs(%e : tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xi32>, tensor<4x5xf32>, tensor<4x5xf32>
}

// RT: #map = affine_map<(d0, d1, d2, d3) -> (d1, d3)>
// RT-NEXT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// RT-NEXT: #map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// RT-NEXT: module {
// RT-NEXT: func.func @contractions(%arg0: tensor<8xf32>, %arg1: tensor<8xi8>, %arg2: tensor<8x4xf32>, %arg3: tensor<2x3x8xf32>, %arg4: tensor<2x8xf32>, %arg5: tensor<f32>, %arg6: tensor<4xf32>, %arg7: tensor<2x3xf32>, %arg8: tensor<2x8x3xf32>, %arg9: tensor<3x3xf32>) -> (tensor<f32>, tensor<4xf32>, tensor<2x3xf32>, tensor<3x3xf32>) {
// RT-NEXT: %0 = linalg.dot ins(%arg1, %arg0 : tensor<8xi8>, tensor<8xf32>) outs(%arg5 : tensor<f32>) -> tensor<f32>
// RT-NEXT: %1 = linalg.vecmat ins(%arg0, %arg2 : tensor<8xf32>, tensor<8x4xf32>) outs(%arg6 : tensor<4xf32>) -> tensor<4xf32>
// RT-NEXT: %2 = linalg.batch_matvec ins(%arg3, %arg4 : tensor<2x3x8xf32>, tensor<2x8xf32>) outs(%arg7 : tensor<2x3xf32>) -> tensor<2x3xf32>
// RT-NEXT: %3 = linalg.batch_reduce_matmul ins(%arg3, %arg8 : tensor<2x3x8xf32>, tensor<2x8x3xf32>) outs(%arg9 : tensor<3x3xf32>) -> tensor<3x3xf32>
// RT-NEXT: return %0, %1, %2, %3 : tensor<f32>, tensor<4xf32>, tensor<2x3xf32>, tensor<3x3xf32>
// RT-NEXT: }
// RT-NEXT: func.func @more_contractions(%arg0: tensor<2x8xf32>, %arg1: tensor<2x8x3xf32>, %arg2: tensor<2x3xf32>, %arg3: tensor<2x3x4x2xf32>, %arg4: tensor<5x3x3x2xf32>, %arg5: tensor<2x5x4x3xf32>, %arg6: tensor<4x8xi8>, %arg7: tensor<8x2xi8>, %arg8: i32, %arg9: i32, %arg10: tensor<4x2xi32>) -> (tensor<2x3xf32>, tensor<2x5x4x3xf32>, tensor<4x2xi32>) {
// RT-NEXT: %0 = linalg.batch_vecmat ins(%arg0, %arg1 : tensor<2x8xf32>, tensor<2x8x3xf32>) outs(%arg2 : tensor<2x3xf32>) -> tensor<2x3xf32>
// RT-NEXT: %1 = linalg.mmt4d ins(%arg3, %arg4 : tensor<2x3x4x2xf32>, tensor<5x3x3x2xf32>) outs(%arg5 : tensor<2x5x4x3xf32>) -> tensor<2x5x4x3xf32>
// RT-NEXT: %2 = linalg.quantized_matmul ins(%arg6, %arg7, %arg8, %arg9 : tensor<4x8xi8>, tensor<8x2xi8>, i32, i32) outs(%arg10 : tensor<4x2xi32>) -> tensor<4x2xi32>
// RT-NEXT: return %0, %1, %2 : tensor<2x3xf32>, tensor<2x5x4x3xf32>, tensor<4x2xi32>
// RT-NEXT: }
// RT-NEXT: func.func @contract(%arg0: tensor<3x5xf32>, %arg1: tensor<2x7x5xf32>, %arg2: tensor<2x3x7xf32>) -> tensor<2x3x7xf32> {
// RT-NEXT: %0 = linalg.contract indexing_maps = [#map, #map1, #map2] ins(%arg0, %arg1 : tensor<3x5xf32>, tensor<2x7x5xf32>) outs(%arg2 : tensor<2x3x7xf32>) -> tensor<2x3x7xf32>
// RT-NEXT: return %0 : tensor<2x3x7xf32>
// RT-NEXT: }
// RT-NEXT: func.func @convs(%arg0: tensor<9xf32>, %arg1: tensor<3xf32>, %arg2: tensor<7xf32>, %arg3: tensor<1x9x9x2xf32>, %arg4: tensor<4x3x3x2xf32>, %arg5: tensor<1x4x4x4xf32>, %arg6: tensor<1x6x6x2xi8>, %arg7: tensor<3x3x2x4xi8>, %arg8: i32, %arg9: tensor<1x4x4x4xi32>, %arg10: tensor<1x2x3x6x6xf32>, %arg11: tensor<2x4x3x3x3xf32>, %arg12: tensor<1x2x4x4x4xf32>) -> (tensor<7xf32>, tensor<1x4x4x4xf32>, tensor<1x4x4x4xi32>, tensor<1x2x4x4x4xf32>) {
// RT-NEXT: %0 = linalg.conv_1d ins(%arg0, %arg1 : tensor<9xf32>, tensor<3xf32>) outs(%arg2 : tensor<7xf32>) -> tensor<7xf32>
// RT-NEXT: %1 = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%arg3, %arg4 : tensor<1x9x9x2xf32>, tensor<4x3x3x2xf32>) outs(%arg5 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
// RT-NEXT: %2 = linalg.conv_2d_nhwc_hwcf_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg6, %arg7, %arg8, %arg8 : tensor<1x6x6x2xi8>, tensor<3x3x2x4xi8>, i32, i32) outs(%arg9 : tensor<1x4x4x4xi32>) -> tensor<1x4x4x4xi32>
// RT-NEXT: %3 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg10, %arg11 : tensor<1x2x3x6x6xf32>, tensor<2x4x3x3x3xf32>) outs(%arg12 : tensor<1x2x4x4x4xf32>) -> tensor<1x2x4x4x4xf32>
// RT-NEXT: return %0, %1, %2, %3 : tensor<7xf32>, tensor<1x4x4x4xf32>, tensor<1x4x4x4xi32>, tensor<1x2x4x4x4xf32>
// RT-NEXT: }
// RT-NEXT: func.func @depthwise(%arg0: tensor<1x8x3xf32>, %arg1: tensor<3x3x2xf32>, %arg2: tensor<1x6x3x2xf32>, %arg3: tensor<1x3x9x9xf32>, %arg4: tensor<3x3x3xf32>, %arg5: tensor<1x3x5x5xf32>, %arg6: tensor<1x4x4x4x2xf32>, %arg7: tensor<2x2x2x2x3xf32>, %arg8: tensor<1x3x3x3x2x3xf32>) -> (tensor<1x6x3x2xf32>, tensor<1x3x5x5xf32>, tensor<1x3x3x3x2x3xf32>) {
// RT-NEXT: %0 = linalg.depthwise_conv_1d_nwc_wcm {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%arg0, %arg1 : tensor<1x8x3xf32>, tensor<3x3x2xf32>) outs(%arg2 : tensor<1x6x3x2xf32>) -> tensor<1x6x3x2xf32>
// RT-NEXT: %1 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<2> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg3, %arg4 : tensor<1x3x9x9xf32>, tensor<3x3x3xf32>) outs(%arg5 : tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
// RT-NEXT: %2 = linalg.depthwise_conv_3d_ndhwc_dhwcm {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%arg6, %arg7 : tensor<1x4x4x4x2xf32>, tensor<2x2x2x2x3xf32>) outs(%arg8 : tensor<1x3x3x3x2x3xf32>) -> tensor<1x3x3x3x2x3xf32>
// RT-NEXT: return %0, %1, %2 : tensor<1x6x3x2xf32>, tensor<1x3x5x5xf32>, tensor<1x3x3x3x2x3xf32>
// RT-NEXT: }
// RT-NEXT: func.func @pooling(%arg0: tensor<1x8x3xf32>, %arg1: tensor<3xf32>, %arg2: tensor<1x6x3xf32>, %arg3: tensor<1x5x5x2xi8>, %arg4: tensor<2x2xi8>, %arg5: tensor<1x4x4x2xi32>, %arg6: tensor<1x4x4x4x2xf32>, %arg7: tensor<2x2x2xf32>, %arg8: tensor<1x3x3x3x2xf32>) -> (tensor<1x6x3xf32>, tensor<1x4x4x2xi32>, tensor<1x3x3x3x2xf32>) {
// RT-NEXT: %0 = linalg.pooling_nwc_max {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%arg0, %arg1 : tensor<1x8x3xf32>, tensor<3xf32>) outs(%arg2 : tensor<1x6x3xf32>) -> tensor<1x6x3xf32>
// RT-NEXT: %1 = linalg.pooling_nhwc_min_unsigned {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg3, %arg4 : tensor<1x5x5x2xi8>, tensor<2x2xi8>) outs(%arg5 : tensor<1x4x4x2xi32>) -> tensor<1x4x4x2xi32>
// RT-NEXT: %2 = linalg.pooling_ndhwc_sum {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%arg6, %arg7 : tensor<1x4x4x4x2xf32>, tensor<2x2x2xf32>) outs(%arg8 : tensor<1x3x3x3x2xf32>) -> tensor<1x3x3x3x2xf32>
// RT-NEXT: return %0, %1, %2 : tensor<1x6x3xf32>, tensor<1x4x4x2xi32>, tensor<1x3x3x3x2xf32>
// RT-NEXT: }
// RT-NEXT: func.func @elementwise(%arg0: tensor<4x5xf32>, %arg1: tensor<4x5xf32>, %arg2: tensor<4x5xi1>, %arg3: tensor<4x5xi32>, %arg4: tensor<4x5xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xi32>, tensor<4x5xf32>, tensor<4x5xf32>) {
// RT-NEXT: %0 = linalg.exp ins(%arg0 : tensor<4x5xf32>) outs(%arg4 : tensor<4x5xf32>) -> tensor<4x5xf32>
// RT-NEXT: %1 = linalg.abs ins(%arg0 : tensor<4x5xf32>) outs(%arg4 : tensor<4x5xf32>) -> tensor<4x5xf32>
// RT-NEXT: %2 = linalg.reciprocal ins(%arg0 : tensor<4x5xf32>) outs(%arg4 : tensor<4x5xf32>) -> tensor<4x5xf32>
// RT-NEXT: %3 = linalg.square ins(%arg0 : tensor<4x5xf32>) outs(%arg4 : tensor<4x5xf32>) -> tensor<4x5xf32>
// RT-NEXT: %4 = linalg.erf ins(%arg0 : tensor<4x5xf32>) outs(%arg4 : tensor<4x5xf32>) -> tensor<4x5xf32>
// RT-NEXT: %5 = linalg.sub ins(%arg0, %arg1 : tensor<4x5xf32>, tensor<4x5xf32>) outs(%arg4 : tensor<4x5xf32>) -> tensor<4x5xf32>
// RT-NEXT: %6 = linalg.max ins(%arg3, %arg3 : tensor<4x5xi32>, tensor<4x5xi32>) outs(%arg3 : tensor<4x5xi32>) -> tensor<4x5xi32>
// RT-NEXT: %7 = linalg.min ins(%arg0, %arg1 : tensor<4x5xf32>, tensor<4x5xf32>) outs(%arg4 : tensor<4x5xf32>) -> tensor<4x5xf32>
// RT-NEXT: %8 = linalg.select ins(%arg2, %arg0, %arg1 : tensor<4x5xi1>, tensor<4x5xf32>, tensor<4x5xf32>) outs(%arg4 : tensor<4x5xf32>) -> tensor<4x5xf32>
// RT-NEXT: return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xi32>, tensor<4x5xf32>, tensor<4x5xf32>
// RT-NEXT: }
// RT-NEXT: }

// GENERIC: #map = affine_map<(d0) -> (d0)>
// GENERIC-NEXT: #map1 = affine_map<(d0) -> ()>
// GENERIC-NEXT: #map2 = affine_map<(d0, d1) -> (d1)>
// GENERIC-NEXT: #map3 = affine_map<(d0, d1) -> (d1, d0)>
// GENERIC-NEXT: #map4 = affine_map<(d0, d1) -> (d0)>
// GENERIC-NEXT: #map5 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// GENERIC-NEXT: #map6 = affine_map<(d0, d1, d2) -> (d0, d2)>
// GENERIC-NEXT: #map7 = affine_map<(d0, d1, d2) -> (d0, d1)>
// GENERIC-NEXT: #map8 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// GENERIC-NEXT: #map9 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// GENERIC-NEXT: #map10 = affine_map<(d0, d1, d2, d3) -> (d1, d2)>
// GENERIC-NEXT: #map11 = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
// GENERIC-NEXT: #map12 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d2, d3, d5)>
// GENERIC-NEXT: #map13 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1, d2, d4, d5)>
// GENERIC-NEXT: #map14 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d3, d4)>
// GENERIC-NEXT: #map15 = affine_map<(d0, d1, d2) -> (d2, d1)>
// GENERIC-NEXT: #map16 = affine_map<(d0, d1, d2) -> ()>
// GENERIC-NEXT: #map17 = affine_map<(d0, d1, d2, d3) -> (d1, d3)>
// GENERIC-NEXT: #map18 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// GENERIC-NEXT: #map19 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// GENERIC-NEXT: #map20 = affine_map<(d0, d1) -> (d0 + d1)>
// GENERIC-NEXT: #map21 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d6)>
// GENERIC-NEXT: #map22 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)>
// GENERIC-NEXT: #map23 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// GENERIC-NEXT: #map24 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>
// GENERIC-NEXT: #map25 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
// GENERIC-NEXT: #map26 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> ()>
// GENERIC-NEXT: #map27 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d5, d3 + d6, d4 + d7)>
// GENERIC-NEXT: #map28 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d1, d2, d5, d6, d7)>
// GENERIC-NEXT: #map29 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>
// GENERIC-NEXT: #map30 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 + d4, d2)>
// GENERIC-NEXT: #map31 = affine_map<(d0, d1, d2, d3, d4) -> (d4, d2, d3)>
// GENERIC-NEXT: #map32 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// GENERIC-NEXT: #map33 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d1 + d4 * 2, d2 + d5 * 2)>
// GENERIC-NEXT: #map34 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d3, d4, d5)>
// GENERIC-NEXT: #map35 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d1, d2)>
// GENERIC-NEXT: #map36 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d0, d1 + d5, d2 + d6, d3 + d7, d8)>
// GENERIC-NEXT: #map37 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d5, d6, d7, d8, d4)>
// GENERIC-NEXT: #map38 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d0, d1, d2, d3, d8, d4)>
// GENERIC-NEXT: #map39 = affine_map<(d0, d1, d2, d3) -> (d0, d1 + d3, d2)>
// GENERIC-NEXT: #map40 = affine_map<(d0, d1, d2, d3) -> (d3)>
// GENERIC-NEXT: #map41 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 + d4, d2 + d5, d3)>
// GENERIC-NEXT: #map42 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// GENERIC-NEXT: #map43 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// GENERIC-NEXT: #map44 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1 + d5, d2 + d6, d3 + d7, d4)>
// GENERIC-NEXT: #map45 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d6, d7)>
// GENERIC: }) {linalg.memoized_indexing_maps = [#map, #map, #map1]} : (tensor<8xi8>, tensor<8xf32>, tensor<f32>) -> tensor<f32>
// GENERIC: }) {linalg.memoized_indexing_maps = [#map2, #map3, #map4]} : (tensor<8xf32>, tensor<8x4xf32>, tensor<4xf32>) -> tensor<4xf32>
// GENERIC: }) {linalg.memoized_indexing_maps = [#map5, #map6, #map7]} : (tensor<2x3x8xf32>, tensor<2x8xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC: }) {linalg.memoized_indexing_maps = [#map6, #map11, #map7]} : (tensor<2x8xf32>, tensor<2x8x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC: }) {linalg.memoized_indexing_maps = [#map12, #map13, #map14]} : (tensor<2x3x4x2xf32>, tensor<5x3x3x2xf32>, tensor<2x5x4x3xf32>) -> tensor<2x5x4x3xf32>
// GENERIC: }) {linalg.memoized_indexing_maps = [#map6, #map15, #map16, #map16, #map7]} : (tensor<4x8xi8>, tensor<8x2xi8>, i32, i32, tensor<4x2xi32>) -> tensor<4x2xi32>
// GENERIC: }) {linalg.memoized_indexing_maps = [#map20, #map2, #map4]} : (tensor<9xf32>, tensor<3xf32>, tensor<7xf32>) -> tensor<7xf32>
// GENERIC: }) {linalg.memoized_indexing_maps = [#map21, #map22, #map23]} : (tensor<1x9x9x2xf32>, tensor<4x3x3x2xf32>, tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
// GENERIC: }) {linalg.memoized_indexing_maps = [#map24, #map25, #map26, #map26, #map23]} : (tensor<1x6x6x2xi8>, tensor<3x3x2x4xi8>, i32, i32, tensor<1x4x4x4xi32>) -> tensor<1x4x4x4xi32>
// GENERIC: }) {linalg.memoized_indexing_maps = [#map27, #map28, #map29]} : (tensor<1x2x3x6x6xf32>, tensor<2x4x3x3x3xf32>, tensor<1x2x4x4x4xf32>) -> tensor<1x2x4x4x4xf32>
// GENERIC: }) {linalg.memoized_indexing_maps = [#map30, #map31, #map32]} : (tensor<1x8x3xf32>, tensor<3x3x2xf32>, tensor<1x6x3x2xf32>) -> tensor<1x6x3x2xf32>
// GENERIC: }) {linalg.memoized_indexing_maps = [#map33, #map34, #map35]} : (tensor<1x3x9x9xf32>, tensor<3x3x3xf32>, tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
// GENERIC: }) {linalg.memoized_indexing_maps = [#map36, #map37, #map38]} : (tensor<1x4x4x4x2xf32>, tensor<2x2x2x2x3xf32>, tensor<1x3x3x3x2x3xf32>) -> tensor<1x3x3x3x2x3xf32>
// GENERIC: }) {linalg.memoized_indexing_maps = [#map39, #map40, #map19]} : (tensor<1x8x3xf32>, tensor<3xf32>, tensor<1x6x3xf32>) -> tensor<1x6x3xf32>
// GENERIC: }) {linalg.memoized_indexing_maps = [#map41, #map42, #map43]} : (tensor<1x5x5x2xi8>, tensor<2x2xi8>, tensor<1x4x4x2xi32>) -> tensor<1x4x4x2xi32>
// GENERIC: }) {linalg.memoized_indexing_maps = [#map44, #map45, #map29]} : (tensor<1x4x4x4x2xf32>, tensor<2x2x2xf32>, tensor<1x3x3x3x2xf32>) -> tensor<1x3x3x3x2xf32>

// GEN: #map = affine_map<(d0) -> (d0)>
// GEN-NEXT: #map1 = affine_map<(d0) -> ()>
// GEN-NEXT: #map2 = affine_map<(d0, d1) -> (d1)>
// GEN-NEXT: #map3 = affine_map<(d0, d1) -> (d1, d0)>
// GEN-NEXT: #map4 = affine_map<(d0, d1) -> (d0)>
// GEN-NEXT: #map5 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// GEN-NEXT: #map6 = affine_map<(d0, d1, d2) -> (d0, d2)>
// GEN-NEXT: #map7 = affine_map<(d0, d1, d2) -> (d0, d1)>
// GEN-NEXT: #map8 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// GEN-NEXT: #map9 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// GEN-NEXT: #map10 = affine_map<(d0, d1, d2, d3) -> (d1, d2)>
// GEN-NEXT: #map11 = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
// GEN-NEXT: #map12 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d2, d3, d5)>
// GEN-NEXT: #map13 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1, d2, d4, d5)>
// GEN-NEXT: #map14 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d3, d4)>
// GEN-NEXT: #map15 = affine_map<(d0, d1, d2) -> (d2, d1)>
// GEN-NEXT: #map16 = affine_map<(d0, d1, d2) -> ()>
// GEN-NEXT: #map17 = affine_map<(d0, d1, d2, d3) -> (d1, d3)>
// GEN-NEXT: #map18 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// GEN-NEXT: #map19 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// GEN-NEXT: #map20 = affine_map<(d0, d1) -> (d0 + d1)>
// GEN-NEXT: #map21 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d6)>
// GEN-NEXT: #map22 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)>
// GEN-NEXT: #map23 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// GEN-NEXT: #map24 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>
// GEN-NEXT: #map25 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
// GEN-NEXT: #map26 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> ()>
// GEN-NEXT: #map27 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d5, d3 + d6, d4 + d7)>
// GEN-NEXT: #map28 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d1, d2, d5, d6, d7)>
// GEN-NEXT: #map29 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>
// GEN-NEXT: #map30 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 + d4, d2)>
// GEN-NEXT: #map31 = affine_map<(d0, d1, d2, d3, d4) -> (d4, d2, d3)>
// GEN-NEXT: #map32 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// GEN-NEXT: #map33 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d1 + d4 * 2, d2 + d5 * 2)>
// GEN-NEXT: #map34 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d3, d4, d5)>
// GEN-NEXT: #map35 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d1, d2)>
// GEN-NEXT: #map36 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d0, d1 + d5, d2 + d6, d3 + d7, d8)>
// GEN-NEXT: #map37 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d5, d6, d7, d8, d4)>
// GEN-NEXT: #map38 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d0, d1, d2, d3, d8, d4)>
// GEN-NEXT: #map39 = affine_map<(d0, d1, d2, d3) -> (d0, d1 + d3, d2)>
// GEN-NEXT: #map40 = affine_map<(d0, d1, d2, d3) -> (d3)>
// GEN-NEXT: #map41 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 + d4, d2 + d5, d3)>
// GEN-NEXT: #map42 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// GEN-NEXT: #map43 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// GEN-NEXT: #map44 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1 + d5, d2 + d6, d3 + d7, d4)>
// GEN-NEXT: #map45 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d6, d7)>
// GEN-NEXT: #map46 = affine_map<(d0, d1) -> (d0, d1)>
// GEN-NEXT: module {
// GEN-NEXT: func.func @contractions(%arg0: tensor<8xf32>, %arg1: tensor<8xi8>, %arg2: tensor<8x4xf32>, %arg3: tensor<2x3x8xf32>, %arg4: tensor<2x8xf32>, %arg5: tensor<f32>, %arg6: tensor<4xf32>, %arg7: tensor<2x3xf32>, %arg8: tensor<2x8x3xf32>, %arg9: tensor<3x3xf32>) -> (tensor<f32>, tensor<4xf32>, tensor<2x3xf32>, tensor<3x3xf32>) {
// GEN-NEXT: %0 = linalg.generic {indexing_maps = [#map, #map, #map1], iterator_types = ["reduction"]} ins(%arg1, %arg0 : tensor<8xi8>, tensor<8xf32>) outs(%arg5 : tensor<f32>) {
// GEN-NEXT: ^bb0(%in: i8, %in_0: f32, %out: f32):
// GEN-NEXT: %4 = arith.sitofp %in : i8 to f32
// GEN-NEXT: %5 = arith.mulf %4, %in_0 : f32
// GEN-NEXT: %6 = arith.addf %out, %5 : f32
// GEN-NEXT: linalg.yield %6 : f32
// GEN-NEXT: } -> tensor<f32>
// GEN-NEXT: %1 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "reduction"]} ins(%arg0, %arg2 : tensor<8xf32>, tensor<8x4xf32>) outs(%arg6 : tensor<4xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// GEN-NEXT: %4 = arith.mulf %in, %in_0 : f32
// GEN-NEXT: %5 = arith.addf %out, %4 : f32
// GEN-NEXT: linalg.yield %5 : f32
// GEN-NEXT: } -> tensor<4xf32>
// GEN-NEXT: %2 = linalg.generic {indexing_maps = [#map5, #map6, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg3, %arg4 : tensor<2x3x8xf32>, tensor<2x8xf32>) outs(%arg7 : tensor<2x3xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// GEN-NEXT: %4 = arith.mulf %in, %in_0 : f32
// GEN-NEXT: %5 = arith.addf %out, %4 : f32
// GEN-NEXT: linalg.yield %5 : f32
// GEN-NEXT: } -> tensor<2x3xf32>
// GEN-NEXT: %3 = linalg.generic {indexing_maps = [#map8, #map9, #map10], iterator_types = ["reduction", "parallel", "parallel", "reduction"]} ins(%arg3, %arg8 : tensor<2x3x8xf32>, tensor<2x8x3xf32>) outs(%arg9 : tensor<3x3xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// GEN-NEXT: %4 = arith.mulf %in, %in_0 : f32
// GEN-NEXT: %5 = arith.addf %out, %4 : f32
// GEN-NEXT: linalg.yield %5 : f32
// GEN-NEXT: } -> tensor<3x3xf32>
// GEN-NEXT: return %0, %1, %2, %3 : tensor<f32>, tensor<4xf32>, tensor<2x3xf32>, tensor<3x3xf32>
// GEN-NEXT: }
// GEN-NEXT: func.func @more_contractions(%arg0: tensor<2x8xf32>, %arg1: tensor<2x8x3xf32>, %arg2: tensor<2x3xf32>, %arg3: tensor<2x3x4x2xf32>, %arg4: tensor<5x3x3x2xf32>, %arg5: tensor<2x5x4x3xf32>, %arg6: tensor<4x8xi8>, %arg7: tensor<8x2xi8>, %arg8: i32, %arg9: i32, %arg10: tensor<4x2xi32>) -> (tensor<2x3xf32>, tensor<2x5x4x3xf32>, tensor<4x2xi32>) {
// GEN-NEXT: %0 = linalg.generic {indexing_maps = [#map6, #map11, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<2x8xf32>, tensor<2x8x3xf32>) outs(%arg2 : tensor<2x3xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// GEN-NEXT: %3 = arith.mulf %in, %in_0 : f32
// GEN-NEXT: %4 = arith.addf %out, %3 : f32
// GEN-NEXT: linalg.yield %4 : f32
// GEN-NEXT: } -> tensor<2x3xf32>
// GEN-NEXT: %1 = linalg.generic {indexing_maps = [#map12, #map13, #map14], iterator_types = ["parallel", "parallel", "reduction", "parallel", "parallel", "reduction"]} ins(%arg3, %arg4 : tensor<2x3x4x2xf32>, tensor<5x3x3x2xf32>) outs(%arg5 : tensor<2x5x4x3xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// GEN-NEXT: %3 = arith.mulf %in, %in_0 : f32
// GEN-NEXT: %4 = arith.addf %out, %3 : f32
// GEN-NEXT: linalg.yield %4 : f32
// GEN-NEXT: } -> tensor<2x5x4x3xf32>
// GEN-NEXT: %2 = linalg.generic {indexing_maps = [#map6, #map15, #map16, #map16, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg6, %arg7, %arg8, %arg9 : tensor<4x8xi8>, tensor<8x2xi8>, i32, i32) outs(%arg10 : tensor<4x2xi32>) {
// GEN-NEXT: ^bb0(%in: i8, %in_0: i8, %in_1: i32, %in_2: i32, %out: i32):
// GEN-NEXT: %3 = arith.extsi %in : i8 to i32
// GEN-NEXT: %4 = arith.subi %3, %in_1 : i32
// GEN-NEXT: %5 = arith.extsi %in_0 : i8 to i32
// GEN-NEXT: %6 = arith.subi %5, %in_2 : i32
// GEN-NEXT: %7 = arith.muli %4, %6 : i32
// GEN-NEXT: %8 = arith.addi %out, %7 : i32
// GEN-NEXT: linalg.yield %8 : i32
// GEN-NEXT: } -> tensor<4x2xi32>
// GEN-NEXT: return %0, %1, %2 : tensor<2x3xf32>, tensor<2x5x4x3xf32>, tensor<4x2xi32>
// GEN-NEXT: }
// GEN-NEXT: func.func @contract(%arg0: tensor<3x5xf32>, %arg1: tensor<2x7x5xf32>, %arg2: tensor<2x3x7xf32>) -> tensor<2x3x7xf32> {
// GEN-NEXT: %0 = linalg.generic {indexing_maps = [#map17, #map18, #map19], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<3x5xf32>, tensor<2x7x5xf32>) outs(%arg2 : tensor<2x3x7xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// GEN-NEXT: %1 = arith.mulf %in, %in_0 : f32
// GEN-NEXT: %2 = arith.addf %out, %1 : f32
// GEN-NEXT: linalg.yield %2 : f32
// GEN-NEXT: } -> tensor<2x3x7xf32>
// GEN-NEXT: return %0 : tensor<2x3x7xf32>
// GEN-NEXT: }
// GEN-NEXT: func.func @convs(%arg0: tensor<9xf32>, %arg1: tensor<3xf32>, %arg2: tensor<7xf32>, %arg3: tensor<1x9x9x2xf32>, %arg4: tensor<4x3x3x2xf32>, %arg5: tensor<1x4x4x4xf32>, %arg6: tensor<1x6x6x2xi8>, %arg7: tensor<3x3x2x4xi8>, %arg8: i32, %arg9: tensor<1x4x4x4xi32>, %arg10: tensor<1x2x3x6x6xf32>, %arg11: tensor<2x4x3x3x3xf32>, %arg12: tensor<1x2x4x4x4xf32>) -> (tensor<7xf32>, tensor<1x4x4x4xf32>, tensor<1x4x4x4xi32>, tensor<1x2x4x4x4xf32>) {
// GEN-NEXT: %0 = linalg.generic {indexing_maps = [#map20, #map2, #map4], iterator_types = ["parallel", "reduction"]} ins(%arg0, %arg1 : tensor<9xf32>, tensor<3xf32>) outs(%arg2 : tensor<7xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// GEN-NEXT: %4 = arith.mulf %in, %in_0 : f32
// GEN-NEXT: %5 = arith.addf %out, %4 : f32
// GEN-NEXT: linalg.yield %5 : f32
// GEN-NEXT: } -> tensor<7xf32>
// GEN-NEXT: %1 = linalg.generic {indexing_maps = [#map21, #map22, #map23], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg3, %arg4 : tensor<1x9x9x2xf32>, tensor<4x3x3x2xf32>) outs(%arg5 : tensor<1x4x4x4xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// GEN-NEXT: %4 = arith.mulf %in, %in_0 : f32
// GEN-NEXT: %5 = arith.addf %out, %4 : f32
// GEN-NEXT: linalg.yield %5 : f32
// GEN-NEXT: } -> tensor<1x4x4x4xf32>
// GEN-NEXT: %2 = linalg.generic {indexing_maps = [#map24, #map25, #map26, #map26, #map23], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg6, %arg7, %arg8, %arg8 : tensor<1x6x6x2xi8>, tensor<3x3x2x4xi8>, i32, i32) outs(%arg9 : tensor<1x4x4x4xi32>) {
// GEN-NEXT: ^bb0(%in: i8, %in_0: i8, %in_1: i32, %in_2: i32, %out: i32):
// GEN-NEXT: %4 = arith.extsi %in : i8 to i32
// GEN-NEXT: %5 = arith.subi %4, %in_1 : i32
// GEN-NEXT: %6 = arith.extsi %in_0 : i8 to i32
// GEN-NEXT: %7 = arith.subi %6, %in_2 : i32
// GEN-NEXT: %8 = arith.muli %5, %7 : i32
// GEN-NEXT: %9 = arith.addi %out, %8 : i32
// GEN-NEXT: linalg.yield %9 : i32
// GEN-NEXT: } -> tensor<1x4x4x4xi32>
// GEN-NEXT: %3 = linalg.generic {indexing_maps = [#map27, #map28, #map29], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg10, %arg11 : tensor<1x2x3x6x6xf32>, tensor<2x4x3x3x3xf32>) outs(%arg12 : tensor<1x2x4x4x4xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// GEN-NEXT: %4 = arith.mulf %in, %in_0 : f32
// GEN-NEXT: %5 = arith.addf %out, %4 : f32
// GEN-NEXT: linalg.yield %5 : f32
// GEN-NEXT: } -> tensor<1x2x4x4x4xf32>
// GEN-NEXT: return %0, %1, %2, %3 : tensor<7xf32>, tensor<1x4x4x4xf32>, tensor<1x4x4x4xi32>, tensor<1x2x4x4x4xf32>
// GEN-NEXT: }
// GEN-NEXT: func.func @depthwise(%arg0: tensor<1x8x3xf32>, %arg1: tensor<3x3x2xf32>, %arg2: tensor<1x6x3x2xf32>, %arg3: tensor<1x3x9x9xf32>, %arg4: tensor<3x3x3xf32>, %arg5: tensor<1x3x5x5xf32>, %arg6: tensor<1x4x4x4x2xf32>, %arg7: tensor<2x2x2x2x3xf32>, %arg8: tensor<1x3x3x3x2x3xf32>) -> (tensor<1x6x3x2xf32>, tensor<1x3x5x5xf32>, tensor<1x3x3x3x2x3xf32>) {
// GEN-NEXT: %0 = linalg.generic {indexing_maps = [#map30, #map31, #map32], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<1x8x3xf32>, tensor<3x3x2xf32>) outs(%arg2 : tensor<1x6x3x2xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// GEN-NEXT: %3 = arith.mulf %in, %in_0 : f32
// GEN-NEXT: %4 = arith.addf %out, %3 : f32
// GEN-NEXT: linalg.yield %4 : f32
// GEN-NEXT: } -> tensor<1x6x3x2xf32>
// GEN-NEXT: %1 = linalg.generic {indexing_maps = [#map33, #map34, #map35], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%arg3, %arg4 : tensor<1x3x9x9xf32>, tensor<3x3x3xf32>) outs(%arg5 : tensor<1x3x5x5xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// GEN-NEXT: %3 = arith.mulf %in, %in_0 : f32
// GEN-NEXT: %4 = arith.addf %out, %3 : f32
// GEN-NEXT: linalg.yield %4 : f32
// GEN-NEXT: } -> tensor<1x3x5x5xf32>
// GEN-NEXT: %2 = linalg.generic {indexing_maps = [#map36, #map37, #map38], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]} ins(%arg6, %arg7 : tensor<1x4x4x4x2xf32>, tensor<2x2x2x2x3xf32>) outs(%arg8 : tensor<1x3x3x3x2x3xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// GEN-NEXT: %3 = arith.mulf %in, %in_0 : f32
// GEN-NEXT: %4 = arith.addf %out, %3 : f32
// GEN-NEXT: linalg.yield %4 : f32
// GEN-NEXT: } -> tensor<1x3x3x3x2x3xf32>
// GEN-NEXT: return %0, %1, %2 : tensor<1x6x3x2xf32>, tensor<1x3x5x5xf32>, tensor<1x3x3x3x2x3xf32>
// GEN-NEXT: }
// GEN-NEXT: func.func @pooling(%arg0: tensor<1x8x3xf32>, %arg1: tensor<3xf32>, %arg2: tensor<1x6x3xf32>, %arg3: tensor<1x5x5x2xi8>, %arg4: tensor<2x2xi8>, %arg5: tensor<1x4x4x2xi32>, %arg6: tensor<1x4x4x4x2xf32>, %arg7: tensor<2x2x2xf32>, %arg8: tensor<1x3x3x3x2xf32>) -> (tensor<1x6x3xf32>, tensor<1x4x4x2xi32>, tensor<1x3x3x3x2xf32>) {
// GEN-NEXT: %0 = linalg.generic {indexing_maps = [#map39, #map40, #map19], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<1x8x3xf32>, tensor<3xf32>) outs(%arg2 : tensor<1x6x3xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// GEN-NEXT: %3 = arith.maximumf %out, %in : f32
// GEN-NEXT: linalg.yield %3 : f32
// GEN-NEXT: } -> tensor<1x6x3xf32>
// GEN-NEXT: %1 = linalg.generic {indexing_maps = [#map41, #map42, #map43], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%arg3, %arg4 : tensor<1x5x5x2xi8>, tensor<2x2xi8>) outs(%arg5 : tensor<1x4x4x2xi32>) {
// GEN-NEXT: ^bb0(%in: i8, %in_0: i8, %out: i32):
// GEN-NEXT: %3 = arith.extui %in : i8 to i32
// GEN-NEXT: %4 = arith.minui %out, %3 : i32
// GEN-NEXT: linalg.yield %4 : i32
// GEN-NEXT: } -> tensor<1x4x4x2xi32>
// GEN-NEXT: %2 = linalg.generic {indexing_maps = [#map44, #map45, #map29], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg6, %arg7 : tensor<1x4x4x4x2xf32>, tensor<2x2x2xf32>) outs(%arg8 : tensor<1x3x3x3x2xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// GEN-NEXT: %3 = arith.addf %out, %in : f32
// GEN-NEXT: linalg.yield %3 : f32
// GEN-NEXT: } -> tensor<1x3x3x3x2xf32>
// GEN-NEXT: return %0, %1, %2 : tensor<1x6x3xf32>, tensor<1x4x4x2xi32>, tensor<1x3x3x3x2xf32>
// GEN-NEXT: }
// GEN-NEXT: func.func @elementwise(%arg0: tensor<4x5xf32>, %arg1: tensor<4x5xf32>, %arg2: tensor<4x5xi1>, %arg3: tensor<4x5xi32>, %arg4: tensor<4x5xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xi32>, tensor<4x5xf32>, tensor<4x5xf32>) {
// GEN-NEXT: %cst = arith.constant 1.000000e+00 : f32
// GEN-NEXT: %0 = linalg.generic {indexing_maps = [#map46, #map46], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x5xf32>) outs(%arg4 : tensor<4x5xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %out: f32):
// GEN-NEXT: %9 = math.exp %in : f32
// GEN-NEXT: linalg.yield %9 : f32
// GEN-NEXT: } -> tensor<4x5xf32>
// GEN-NEXT: %1 = linalg.generic {indexing_maps = [#map46, #map46], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x5xf32>) outs(%arg4 : tensor<4x5xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %out: f32):
// GEN-NEXT: %9 = math.absf %in : f32
// GEN-NEXT: linalg.yield %9 : f32
// GEN-NEXT: } -> tensor<4x5xf32>
// GEN-NEXT: %2 = linalg.generic {indexing_maps = [#map46, #map46], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x5xf32>) outs(%arg4 : tensor<4x5xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %out: f32):
// GEN-NEXT: %9 = arith.divf %cst, %in : f32
// GEN-NEXT: linalg.yield %9 : f32
// GEN-NEXT: } -> tensor<4x5xf32>
// GEN-NEXT: %3 = linalg.generic {indexing_maps = [#map46, #map46], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x5xf32>) outs(%arg4 : tensor<4x5xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %out: f32):
// GEN-NEXT: %9 = arith.mulf %in, %in : f32
// GEN-NEXT: linalg.yield %9 : f32
// GEN-NEXT: } -> tensor<4x5xf32>
// GEN-NEXT: %4 = linalg.generic {indexing_maps = [#map46, #map46], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x5xf32>) outs(%arg4 : tensor<4x5xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %out: f32):
// GEN-NEXT: %9 = math.erf %in : f32
// GEN-NEXT: linalg.yield %9 : f32
// GEN-NEXT: } -> tensor<4x5xf32>
// GEN-NEXT: %5 = linalg.generic {indexing_maps = [#map46, #map46, #map46], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x5xf32>, tensor<4x5xf32>) outs(%arg4 : tensor<4x5xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// GEN-NEXT: %9 = arith.subf %in, %in_0 : f32
// GEN-NEXT: linalg.yield %9 : f32
// GEN-NEXT: } -> tensor<4x5xf32>
// GEN-NEXT: %6 = linalg.generic {indexing_maps = [#map46, #map46, #map46], iterator_types = ["parallel", "parallel"]} ins(%arg3, %arg3 : tensor<4x5xi32>, tensor<4x5xi32>) outs(%arg3 : tensor<4x5xi32>) {
// GEN-NEXT: ^bb0(%in: i32, %in_0: i32, %out: i32):
// GEN-NEXT: %9 = arith.maxsi %in, %in_0 : i32
// GEN-NEXT: linalg.yield %9 : i32
// GEN-NEXT: } -> tensor<4x5xi32>
// GEN-NEXT: %7 = linalg.generic {indexing_maps = [#map46, #map46, #map46], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x5xf32>, tensor<4x5xf32>) outs(%arg4 : tensor<4x5xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// GEN-NEXT: %9 = arith.minimumf %in, %in_0 : f32
// GEN-NEXT: linalg.yield %9 : f32
// GEN-NEXT: } -> tensor<4x5xf32>
// GEN-NEXT: %8 = linalg.generic {indexing_maps = [#map46, #map46, #map46, #map46], iterator_types = ["parallel", "parallel"]} ins(%arg2, %arg0, %arg1 : tensor<4x5xi1>, tensor<4x5xf32>, tensor<4x5xf32>) outs(%arg4 : tensor<4x5xf32>) {
// GEN-NEXT: ^bb0(%in: i1, %in_0: f32, %in_1: f32, %out: f32):
// GEN-NEXT: %9 = arith.select %in, %in_0, %in_1 : f32
// GEN-NEXT: linalg.yield %9 : f32
// GEN-NEXT: } -> tensor<4x5xf32>
// GEN-NEXT: return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xi32>, tensor<4x5xf32>, tensor<4x5xf32>
// GEN-NEXT: }
// GEN-NEXT: }
