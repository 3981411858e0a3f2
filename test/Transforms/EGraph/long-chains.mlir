// RUN: %gen-egraph-chain convs 120 > %t.convs.mlir
// RUN: strata-opt %t.convs.mlir --egraph-layout='target=vta time-limit-ms=100' --verify-equivalence 2>&1 | FileCheck %s --check-prefix=CONVS
// RUN: %gen-egraph-chain transposes 6000 > %t.transposes.mlir
// RUN: strata-opt %t.transposes.mlir --egraph-layout='target=vta time-limit-ms=100' --verify-equivalence 2>&1 | FileCheck %s --check-prefix=TRANSPOSES

// Long chains: every layer of a 120-convolution chain gets its remark and
// a 6000-transpose chain is rewritten, each checked in the interpreter
// before and after. Extraction and the per-layer remarks are linear-ish
// in the chain (a cost table built once, classes settled leaves first):
// with egg's extractor, re-run per layer, these took 9 s and 3 s where
// saturation stopped after 100 ms.

// CONVS-COUNT-120: remark: egraph-layout: conv_2d_nchw_fchw target=vta chosen-macs=16384 padded-macs=16384 strategy= stop=saturated
// CONVS-NOT: remark
// CONVS: func.func @convs

// The chain composes pairwise; how far it gets is up to the time limit.
// TRANSPOSES-NOT: remark
// TRANSPOSES: func.func @transposes(%arg0: tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
// TRANSPOSES: return %{{.*}} : tensor<2x3x4xi32>
