// RUN: strata-opt %s --mlir-disable-threading --egraph-layout='target=vta verify=true' --verify-equivalence 2>&1 | FileCheck %s
// RUN: strata-opt %s --mlir-disable-threading --egraph-layout='target=vta' --egraph-dump 2>&1 | FileCheck %s --check-prefix=DUMP

// f32 programs go through the e-graph and back. No target's intrinsic
// takes f32, so every contraction costs the fallback factor and the
// extraction is driven by MACs and data movement alone; a dilated kernel
// still pays for its holes on VTA (no native dilation), so the dilation-2
// convolution becomes four dense ones, interleaved. Sums are reordered by
// the rewrites, so the before/after check is --verify-equivalence with its
// ulp tolerance (verify=true says it compares integers only).

// DUMP: eqsat.graph @conv_relu
// DUMP-SAME: "im2col" = {{[0-9]+}}
// DUMP-SAME: "fuse-elementwise" = {{[0-9]+}}
// DUMP: eqsat.class : tensor<1x16x6x6xf32>
// DUMP: eqsat.graph @dilated
// DUMP-SAME: "dilated-to-dense" = 1
// DUMP: eqsat.node "interleave{factors=[2,2]}"
// DUMP: eqsat.graph @mm
// DUMP-SAME: "pad-to-intrinsic-matmul" = 1

// CHECK: remark: egraph-layout: conv_2d_nchw_fchw target=vta chosen-macs=15552 padded-macs=82944 strategy= stop
// CHECK: remark: egraph-layout: verify=true compares integers only; use --verify-equivalence (ulp tolerance) for f32
// CHECK: remark: egraph-layout: conv_2d_nchw_fchw target=vta chosen-macs=147456 padded-macs=147456 strategy=dilated-to-dense
// CHECK: remark: egraph-layout: matmul target=vta chosen-macs=105 padded-macs=1280 strategy= stop
// CHECK-LABEL: func.func @conv_relu(%arg0
// CHECK: linalg.conv_2d_nchw_fchw {{.*}} -> tensor<1x16x6x6xf32>
// CHECK: arith.maximumf %in, %{{.*}} : f32
// CHECK-LABEL: func.func @dilated(%arg0
// CHECK-COUNT-4: linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} {{.*}}xf32>
// CHECK-COUNT-4: tensor.insert_slice {{.*}} [1, 1, 2, 2] : tensor<1x16x4x4xf32> into tensor<1x16x8x8xf32>
func.func @conv_relu(%x: tensor<1x3x8x8xf32>, %w: tensor<16x3x3x3xf32>) -> tensor<1x16x6x6xf32> {
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x6x6xf32>
  %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<1x16x6x6xf32>) -> tensor<1x16x6x6xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) outs(%z : tensor<1x16x6x6xf32>) -> tensor<1x16x6x6xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%r : tensor<1x16x6x6xf32>) outs(%e : tensor<1x16x6x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %zero = arith.constant 0.0 : f32
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x16x6x6xf32>
  return %y : tensor<1x16x6x6xf32>
}

func.func @dilated(%x: tensor<1x16x12x12xf32>, %w: tensor<16x16x3x3xf32>) -> tensor<1x16x8x8xf32> {
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x8x8xf32>
  %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x16x12x12xf32>, tensor<16x16x3x3xf32>) outs(%z : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  return %r : tensor<1x16x8x8xf32>
}

func.func @mm(%a: tensor<5x7xf32>, %b: tensor<7x3xf32>) -> tensor<5x3xf32> {
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5x3xf32>
  %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<5x3xf32>) -> tensor<5x3xf32>
  %r = linalg.matmul ins(%a, %b : tensor<5x7xf32>, tensor<7x3xf32>) outs(%z : tensor<5x3xf32>) -> tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}
