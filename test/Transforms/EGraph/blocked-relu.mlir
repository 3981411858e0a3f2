// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(egraph-layout{target=vta verify=true}))' 2>&1 | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(egraph-layout{target=vnni verify=true}))' 2>&1 | FileCheck %s --check-prefix=VNNI
// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(egraph-layout{target=vta extract=ilp verify=true}))' 2>&1 | FileCheck %s --check-prefix=ILP
// RUN: strata-opt %s --egraph-layout='target=vta' --egraph-dump --verify-equivalence 2>&1 | FileCheck %s --check-prefix=FUSE

// Aligned channels: the blocked layout (NCHW16c, OIHW16o16i on VTA) with the
// relu fused into the blocked convolution's epilogue.

// CHECK: remark: egraph-layout: conv_2d_nchw_fchw target=vta chosen-macs=36864 padded-macs=36864 strategy=blocked(OIHW16o16i)
// CHECK: remark: egraph-layout: verified bit-exact
// CHECK: linalg.generic {{.*}}reduction{{.*}}reduction{{.*}}reduction{{.*}}reduction
// CHECK: arith.maxsi
// VNNI: strategy=blocked(Ohw{{.*}})
// VNNI: verified bit-exact
// ILP: extract=ilp
// ILP: verified bit-exact
// fuse-elementwise: relu(conv) = conv with a relu epilogue, in every form
// of the convolution (plain, blocked, matmul after im2col); the relu also
// moves through the unpack (elementwise-through-layout).
// FUSE: eqsat.graph @conv_relu
// FUSE-SAME: "fuse-elementwise" = {{[0-9]+}}, "elementwise-through-layout" = {{[0-9]+}}
// FUSE-DAG: eqsat.node "blocked_conv2d{layout=OIHW16o16i stride=[1,1] dilation=[1,1] epilogue=relu}"
// FUSE-DAG: eqsat.node "conv2d{stride=[1,1] dilation=[1,1] epilogue=relu}"(%c0, %c1)
// FUSE: strategy=blocked(OIHW16o16i)
func.func @conv_relu(%x: tensor<1x16x6x6xi8>, %w: tensor<16x16x3x3xi8>) -> tensor<1x16x4x4xi32> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x16x4x4xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x16x4x4xi32>) -> tensor<1x16x4x4xi32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x16x6x6xi8>, tensor<16x16x3x3xi8>) outs(%z : tensor<1x16x4x4xi32>) -> tensor<1x16x4x4xi32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%r : tensor<1x16x4x4xi32>) outs(%e : tensor<1x16x4x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %zero = arith.constant 0 : i32
    %m = arith.maxsi %in, %zero : i32
    linalg.yield %m : i32
  } -> tensor<1x16x4x4xi32>
  return %y : tensor<1x16x4x4xi32>
}
