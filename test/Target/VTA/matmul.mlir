// A 16x16x16 int8 matmul with the full VTA tail (>> 6, + bias, clip to
// [-128, 127]) lowered by linalg-to-vta, run on the simulator and compared
// bit for bit with the interpreter on random int8 data.
// RUN: strata-opt %s --linalg-to-vta=tile-sizes=16,1,1 | FileCheck %s --check-prefix=TILES
// RUN: strata-opt %s --linalg-to-vta=tile-sizes=16,1,1 --vta-lower-tiles | FileCheck %s --check-prefix=INSNS
// RUN: strata-run --target vta %s --entry mm --random-inputs --seed 1 --check | FileCheck %s --check-prefix=OK
// RUN: strata-run --target vta %s --entry mm --random-inputs --seed 2 --check --stats | FileCheck %s --check-prefix=STATS

// TILES: module attributes {vta.entry = "mm"}
// TILES: vta.dram_buffer @arg0 : tensor<16x1x1x16xi8> {vta.arg = 0 : i64, vta.logical = array<i64: 16, 16>, vta.pack = array<i64: 1>}
// TILES: vta.dram_buffer @arg1 : tensor<1x1x16x16xi8> {vta.arg = 1 : i64, vta.logical = array<i64: 16, 16>, vta.pack = array<i64: 1, 0>}
// TILES: vta.dram_buffer @arg2 : tensor<1x1x1x16xi32> {vta.arg = 2 : i64, vta.logical = array<i64: 16>, vta.pack = array<i64: 0>}
// TILES: vta.dram_buffer @result : tensor<16x1x1x16xi8> {vta.logical = array<i64: 16, 16>, vta.pack = array<i64: 1>, vta.result = 0 : i64}
// TILES: %[[B:.*]] = vta.load_tile @arg2[0, 0] : !vta.tile<acc, 1x1>
// TILES: %[[A:.*]] = vta.load_tile @arg0[0, 0] : !vta.tile<inp, 16x1>
// TILES: %[[W:.*]] = vta.load_tile @arg1[0, 0] : !vta.tile<wgt, 1x1>
// TILES: %[[C:.*]] = vta.gemm_tile %[[A]], %[[W]] : !vta.tile<inp, 16x1>, !vta.tile<wgt, 1x1> -> !vta.tile<acc, 16x1>
// TILES: %[[S:.*]] = vta.alu_tile shr %[[C]], 6 : !vta.tile<acc, 16x1>
// TILES: %[[D:.*]] = vta.alu_tile add %[[S]], %[[B]] map #{{.*}} : !vta.tile<acc, 16x1>, !vta.tile<acc, 1x1>
// TILES: %[[E:.*]] = vta.alu_tile max %[[D]], -128 : !vta.tile<acc, 16x1>
// TILES: %[[F:.*]] = vta.alu_tile min %[[E]], 127 : !vta.tile<acc, 16x1>
// TILES: vta.store_tile %[[F]], @result[0, 0] : !vta.tile<acc, 16x1>

// INSNS: vta.uop_kernel
// INSNS: vta.gemm
// INSNS: vta.alu
// INSNS: vta.finish

// OK: check: OK, 256 elements bit-exact with the interpreter

// STATS: cycles:
// STATS: bytes read: inp 256 wgt 256 acc 64
// STATS: bytes written: out 256
// STATS: utilization: 0.{{[0-9][0-9]}}
// STATS: check: OK

func.func @mm(%a: tensor<16x16xi8>, %b: tensor<16x16xi8>, %bias: tensor<16xi32>) -> tensor<16x16xi8> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<16x16xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<16x16xi32>) -> tensor<16x16xi32>
  %acc = linalg.matmul ins(%a, %b : tensor<16x16xi8>, tensor<16x16xi8>) outs(%z : tensor<16x16xi32>) -> tensor<16x16xi32>
  %o = tensor.empty() : tensor<16x16xi8>
  %r = linalg.generic {
      indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%acc, %bias : tensor<16x16xi32>, tensor<16xi32>) outs(%o : tensor<16x16xi8>) {
  ^bb0(%x: i32, %b0: i32, %out: i8):
    %c6 = arith.constant 6 : i32
    %lo = arith.constant -128 : i32
    %hi = arith.constant 127 : i32
    %s = arith.shrsi %x, %c6 : i32
    %t = arith.addi %b0, %s : i32
    %u = arith.maxsi %t, %lo : i32
    %v = arith.minsi %u, %hi : i32
    %y = arith.trunci %v : i32 to i8
    linalg.yield %y : i8
  } -> tensor<16x16xi8>
  return %r : tensor<16x16xi8>
}
