// egraph-layout's options take only values it can run with: limits of at
// least 1, a known target, names of its rules. Each is an error of the
// pipeline, pointing at the option (the pass ran with node-limit=-1 taken
// as 1 and disable=nonexistent ignored).
// RUN: not strata-opt %s --pass-pipeline='builtin.module(func.func(egraph-layout{node-limit=-1}))' 2>&1 | FileCheck %s --check-prefix=NODES
// RUN: not strata-opt %s --pass-pipeline='builtin.module(func.func(egraph-layout{iter-limit=0}))' 2>&1 | FileCheck %s --check-prefix=ITERS
// RUN: not strata-opt %s --egraph-layout='time-limit-ms=0' 2>&1 | FileCheck %s --check-prefix=TIME
// RUN: not strata-opt %s --pass-pipeline='builtin.module(func.func(egraph-layout{target=gpu}))' 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not strata-opt %s --egraph-layout='disable=im2col,nonexistent' 2>&1 | FileCheck %s --check-prefix=DISABLE
// RUN: strata-opt %s --egraph-layout='node-limit=1 iter-limit=1 time-limit-ms=1 disable=im2col,stencil-unroll-w' --verify-equivalence 2>&1 | FileCheck %s --check-prefix=OK

// NODES: error: for the node-limit option: -1 is out of range (expected 1 to 9223372036854775807)
// NODES-NEXT: builtin.module(func.func(egraph-layout{node-limit=-1}))
// NODES-NEXT: {{^                                       \^}}
// ITERS: error: for the iter-limit option: 0 is out of range
// TIME: error: for the time-limit-ms option: 0 is out of range
// TARGET: error: for the target option: unknown target 'gpu' (expected vta, vnni or amx)
// DISABLE: error: for the disable option: unknown rule 'nonexistent' (rules: im2col, stencil-unroll-w,
// OK: remark: egraph-layout: conv_2d_nchw_fchw target=vta
// OK: func.func @conv3
func.func @conv3(%x: tensor<1x3x8x8xi8>, %w: tensor<16x3x3x3xi8>) -> tensor<1x16x6x6xi32> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x16x6x6xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x16x6x6xi32>) -> tensor<1x16x6x6xi32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x3x8x8xi8>, tensor<16x3x3x3xi8>) outs(%z : tensor<1x16x6x6xi32>) -> tensor<1x16x6x6xi32>
  return %r : tensor<1x16x6x6xi32>
}
