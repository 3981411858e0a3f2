// RUN: strata-opt %s --egraph-layout='target=vta' --egraph-dump --verify-equivalence 2>&1 | FileCheck %s --check-prefix=VTA
// RUN: strata-opt %s --egraph-layout='target=vnni' --egraph-dump --verify-equivalence 2>&1 | FileCheck %s --check-prefix=VNNI
// RUN: strata-opt %s --egraph-layout='target=vnni extract=ilp' 2>&1 | FileCheck %s --check-prefix=VNNI-ILP
// RUN: strata-opt %s --egraph-layout='target=amx disable=im2col,stencil-unroll-w,stencil-unroll-h' --egraph-dump --verify-equivalence 2>&1 | FileCheck %s --check-prefix=AMX

// blocked-layout: the image goes to NCHW16c (a pack of the channels) and
// the filter to each layout the target's intrinsic reads: OIHW16o16i on
// VTA, OhwI64o4i and Ohw4i16o4i on VNNI (both legal here: F = 64,
// C = 16), Ohw16i16o4i on AMX. The dump lists every blocked form found;
// the remark names the one the cost model took. Each run is checked in
// the interpreter before and after on random data.

// VTA: eqsat.graph @conv64
// VTA-SAME: "blocked-layout" = 1
// VTA-DAG: eqsat.node "pack{dims=[1] tiles=[16]}"(%c0)
// VTA-DAG: eqsat.node "blocked_conv2d{layout=OIHW16o16i stride=[1,1] dilation=[1,1]}"
// VTA: remark: egraph-layout: conv_2d_nchw_fchw target=vta chosen-macs=147456 padded-macs=147456 strategy=blocked(OIHW16o16i)
// VTA: linalg.generic {{.*}}"reduction", "reduction", "reduction", "reduction"

// VNNI: eqsat.graph @conv64
// VNNI-SAME: "blocked-layout" = 1
// VNNI-DAG: eqsat.node "blocked_conv2d{layout=OhwI64o4i stride=[1,1] dilation=[1,1]}"
// VNNI-DAG: eqsat.node "blocked_conv2d{layout=Ohw4i16o4i stride=[1,1] dilation=[1,1]}"
// VNNI: remark: egraph-layout: conv_2d_nchw_fchw target=vnni chosen-macs=147456 padded-macs=147456 strategy=blocked(OhwI64o4i)
// The weights are grouped by 4 input channels (the 4i of either layout).
// VNNI: {{floordiv 4|\* 4 \+ d}}

// The two VNNI layouts cost the same; each extractor's remark names the
// layout of the program it emitted (the blocked weights' type).
// VNNI: tensor<1x3x3x4x64x4xi8>
// VNNI-ILP: remark: egraph-layout: conv_2d_nchw_fchw target=vnni chosen-macs=147456 padded-macs=147456 strategy=blocked(Ohw4i16o4i) {{.*}} extract=ilp
// VNNI-ILP: tensor<4x3x3x1x4x16x4xi8>

// AMX pads the batch to 16 rows (its only choice without im2col and the
// stencil unrolls here), so MACs grow 16x but run on the tile.
// AMX: eqsat.graph @conv64
// AMX-DAG: eqsat.node "blocked_conv2d{layout=Ohw16i16o4i stride=[1,1] dilation=[1,1]}"
// AMX: remark: egraph-layout: conv_2d_nchw_fchw target=amx chosen-macs=9437184 padded-macs=9437184 strategy=pad+blocked(Ohw16i16o4i)
func.func @conv64(%x: tensor<1x16x6x6xi8>, %w: tensor<64x16x3x3xi8>) -> tensor<1x64x4x4xi32> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x64x4x4xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x64x4x4xi32>) -> tensor<1x64x4x4xi32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x16x6x6xi8>, tensor<64x16x3x3xi8>) outs(%z : tensor<1x64x4x4xi32>) -> tensor<1x64x4x4xi32>
  return %r : tensor<1x64x4x4xi32>
}
