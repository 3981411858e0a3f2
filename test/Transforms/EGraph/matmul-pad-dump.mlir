// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(egraph-layout{target=amx dump=true verify=true}))' 2>&1 | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(egraph-layout{target=vta node-limit=3 iter-limit=1}))' 2>&1 | FileCheck %s --check-prefix=LIMIT
// The strata-opt flag --egraph-dump composes with --egraph-layout (it adds
// dump=true to it); without --egraph-layout it is an error.
// RUN: strata-opt %s --egraph-layout='target=amx' --egraph-dump --verify-equivalence 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: not strata-opt %s --egraph-dump 2>&1 | FileCheck %s --check-prefix=NOLAYOUT
// RUN: strata-opt %s --egraph-layout='target=vta iter-limit=1' --egraph-dump 2>&1 | FileCheck %s --check-prefix=ITER
// FLAG: eqsat.graph @mm root(%c{{[0-9]+}}) {classes = 6, nodes = 7, applied = {"pad-to-intrinsic-matmul" = 1}}
// FLAG: eqsat.class : tensor<16x64xi8>
// FLAG: remark: egraph-layout: matmul target=amx chosen-macs=16384 padded-macs=16384 strategy=pad stop=saturated
// NOLAYOUT: error: --egraph-dump needs --egraph-layout
// ITER: stop=iter-limit(1)

// A 5x7 * 7x3 matmul on AMX (16x16x64) is padded to the intrinsic and
// cropped; the dump shows both forms in the root class.

// CHECK: eqsat.graph @mm root(%c[[ROOT:[0-9]+]])
// CHECK: %c[[ROOT]] = eqsat.class : tensor<5x3xi32> {
// CHECK-DAG: eqsat.node "matmul"
// CHECK-DAG: eqsat.node "slice{offsets=[0,0] sizes=[5,3] strides=[1,1]}"
// CHECK: remark: egraph-layout: matmul target=amx chosen-macs=16384 padded-macs=16384 strategy=pad
// CHECK: verified bit-exact
// LIMIT: stop=node-limit
func.func @mm(%a: tensor<5x7xi8>, %b: tensor<7x3xi8>) -> tensor<5x3xi32> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<5x3xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<5x3xi32>) -> tensor<5x3xi32>
  %r = linalg.matmul ins(%a, %b : tensor<5x7xi8>, tensor<7x3xi8>) outs(%z : tensor<5x3xi32>) -> tensor<5x3xi32>
  return %r : tensor<5x3xi32>
}
