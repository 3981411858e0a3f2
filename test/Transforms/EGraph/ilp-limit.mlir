// RUN: strata-opt %s --egraph-layout='target=vta extract=ilp' --verify-equivalence 2>&1 | FileCheck %s
// RUN: strata-opt %s --egraph-layout='target=vta extract=ilp iter-limit=2' --verify-equivalence 2>&1 | FileCheck %s --check-prefix=SMALL

// Four chained 3-channel convolutions saturate to a graph (~790 nodes)
// above the ILP extractor's limit (ILP_MAX_NODES = 600; docs/egraph.md has
// the measured reason): the layers fall back to greedy extraction and a
// remark says why. Stopped after two iterations, the graph is small enough
// and ILP extracts it.

// CHECK-COUNT-4: remark: egraph-layout: conv_2d_nchw_fchw target=vta {{.*}} stop=saturated {{.*}} extract=greedy
// CHECK: remark: egraph-layout: ILP declined, greedy used: {{[0-9]+}} nodes exceed the ILP limit of 600
// SMALL-COUNT-4: remark: egraph-layout: conv_2d_nchw_fchw target=vta {{.*}} stop=iter-limit(2) {{.*}} extract=ilp
// SMALL-NOT: ILP declined
func.func @chain(%x: tensor<1x3x12x12xi32>, %w0: tensor<3x3x3x3xi32>, %w1: tensor<3x3x3x3xi32>, %w2: tensor<3x3x3x3xi32>, %w3: tensor<3x3x3x3xi32>) -> tensor<1x3x4x4xi32> {
  %c0 = arith.constant 0 : i32
  %e0 = tensor.empty() : tensor<1x3x10x10xi32>
  %z0 = linalg.fill ins(%c0 : i32) outs(%e0 : tensor<1x3x10x10xi32>) -> tensor<1x3x10x10xi32>
  %y0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w0 : tensor<1x3x12x12xi32>, tensor<3x3x3x3xi32>) outs(%z0 : tensor<1x3x10x10xi32>) -> tensor<1x3x10x10xi32>
  %e1 = tensor.empty() : tensor<1x3x8x8xi32>
  %z1 = linalg.fill ins(%c0 : i32) outs(%e1 : tensor<1x3x8x8xi32>) -> tensor<1x3x8x8xi32>
  %y1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%y0, %w1 : tensor<1x3x10x10xi32>, tensor<3x3x3x3xi32>) outs(%z1 : tensor<1x3x8x8xi32>) -> tensor<1x3x8x8xi32>
  %e2 = tensor.empty() : tensor<1x3x6x6xi32>
  %z2 = linalg.fill ins(%c0 : i32) outs(%e2 : tensor<1x3x6x6xi32>) -> tensor<1x3x6x6xi32>
  %y2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%y1, %w2 : tensor<1x3x8x8xi32>, tensor<3x3x3x3xi32>) outs(%z2 : tensor<1x3x6x6xi32>) -> tensor<1x3x6x6xi32>
  %e3 = tensor.empty() : tensor<1x3x4x4xi32>
  %z3 = linalg.fill ins(%c0 : i32) outs(%e3 : tensor<1x3x4x4xi32>) -> tensor<1x3x4x4xi32>
  %y3 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%y2, %w3 : tensor<1x3x6x6xi32>, tensor<3x3x3x3xi32>) outs(%z3 : tensor<1x3x4x4xi32>) -> tensor<1x3x4x4xi32>
  return %y3 : tensor<1x3x4x4xi32>
}
