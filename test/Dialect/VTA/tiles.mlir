// RUN: %roundtrip %s | FileCheck %s

// The tile form, before SRAM allocation and tokens.

module {
  vta.dram_buffer @x : tensor<1x2x8x8x1x16xi8>
  vta.dram_buffer @k : tensor<2x2x3x3x16x16xi8>
  vta.dram_buffer @bias : tensor<1x2x1x16xi32>
  vta.dram_buffer @y : tensor<1x2x8x8x1x16xi8>
  // CHECK: %[[X:.*]] = vta.load_tile @x[0, 0, 0, 0] pad [1, 1, 1, 1] : !vta.tile<inp, 2x10x10>
  %x = vta.load_tile @x[0, 0, 0, 0] pad [1, 1, 1, 1] : !vta.tile<inp, 2x10x10>
  // CHECK: %[[K:.*]] = vta.load_tile @k[0, 0, 0, 0] : !vta.tile<wgt, 2x2x3x3>
  %k = vta.load_tile @k[0, 0, 0, 0] : !vta.tile<wgt, 2x2x3x3>
  %b = vta.load_tile @bias[0, 0] : !vta.tile<acc, 1x2>
  // CHECK: %[[C:.*]] = vta.gemm_tile %[[X]], %[[K]] maps [#map, #map1, #map2] bounds [2, 8, 8, 2, 3, 3] : !vta.tile<inp, 2x10x10>, !vta.tile<wgt, 2x2x3x3> -> !vta.tile<acc, 2x8x8>
  %c = vta.gemm_tile %x, %k maps [affine_map<(o, h, w, i, kh, kw) -> (i, h + kh, w + kw)>, affine_map<(o, h, w, i, kh, kw) -> (o, i, kh, kw)>, affine_map<(o, h, w, i, kh, kw) -> (o, h, w)>] bounds [2, 8, 8, 2, 3, 3] : !vta.tile<inp, 2x10x10>, !vta.tile<wgt, 2x2x3x3> -> !vta.tile<acc, 2x8x8>
  // CHECK: vta.gemm_tile %[[X]], %[[K]] into %[[C]] maps
  %c2 = vta.gemm_tile %x, %k into %c maps [affine_map<(o, h, w, i, kh, kw) -> (i, h + kh, w + kw)>, affine_map<(o, h, w, i, kh, kw) -> (o, i, kh, kw)>, affine_map<(o, h, w, i, kh, kw) -> (o, h, w)>] bounds [2, 8, 8, 2, 3, 3] : !vta.tile<inp, 2x10x10>, !vta.tile<wgt, 2x2x3x3> -> !vta.tile<acc, 2x8x8>
  // CHECK: vta.alu_tile shr %{{.*}}, 8 : !vta.tile<acc, 2x8x8>
  %s = vta.alu_tile shr %c2, 8 : !vta.tile<acc, 2x8x8>
  // CHECK: vta.alu_tile add %{{.*}}, %{{.*}} map #map3 : !vta.tile<acc, 2x8x8>, !vta.tile<acc, 1x2>
  %d = vta.alu_tile add %s, %b map affine_map<(o, h, w) -> (0, o)> : !vta.tile<acc, 2x8x8>, !vta.tile<acc, 1x2>
  %e = vta.alu_tile max %d, 0 : !vta.tile<acc, 2x8x8>
  %f = vta.alu_tile min %e, 127 : !vta.tile<acc, 2x8x8>
  // CHECK: vta.store_tile %{{.*}}, @y[0, 0, 0, 0] : !vta.tile<acc, 2x8x8>
  vta.store_tile %f, @y[0, 0, 0, 0] : !vta.tile<acc, 2x8x8>
}
