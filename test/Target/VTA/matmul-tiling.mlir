// A ragged matmul (50x40 times 40x72: 72 output channels are 4.5 blocks, a
// reduction of 2.5 blocks, both zero-padded to whole blocks) with the full
// tail, tiled by the shared analytic model, by the tuner (the model's best
// candidates measured with the simulator's schedule) and by explicit
// tile sizes that divide no dimension evenly (split tails: rows 24+24+2,
// output blocks 2+2+1, reduction blocks 2+1); every run bit-exact with the
// interpreter.
// RUN: strata-run --target vta %s --entry mm --random-inputs --seed 1 --check | FileCheck %s
// RUN: strata-run --target vta %s --entry mm --random-inputs --seed 2 --check --tune 8 | FileCheck %s
// RUN: strata-run --target vta %s --entry mm --random-inputs --seed 3 --check --stats --tile-sizes 24,2,2 | FileCheck %s --check-prefix=SPLIT
// RUN: strata-run --target vta %s --entry mm --random-inputs --seed 4 --check --single-buffer --tile-sizes 7,3,1 | FileCheck %s
// RUN: strata-opt %s --linalg-to-vta=tile-sizes=24,2,2 | FileCheck %s --check-prefix=TILES

// CHECK: check: OK, 3600 elements bit-exact with the interpreter
// SPLIT: tile-sizes: 24,2,2
// SPLIT: check: OK, 3600 elements bit-exact with the interpreter

// The weights of an output-block chunk (2 blocks x 3 reduction blocks) stay
// resident: loaded in reduction chunks during the first row tile, reused
// by the later row tiles; the last chunks are the split tails.
// TILES: %[[W0:.*]] = vta.load_tile @arg1[0, 0] : !vta.tile<wgt, 2x2>
// TILES: vta.gemm_tile %{{.*}}, %[[W0]] : !vta.tile<inp, 24x2>
// TILES: %[[W1:.*]] = vta.load_tile @arg1[0, 2] : !vta.tile<wgt, 2x1>
// TILES: vta.gemm_tile %{{.*}}, %[[W1]] into
// TILES: vta.store_tile %{{.*}}, @result[0, 0] : !vta.tile<acc, 24x2>
// TILES-NOT: vta.load_tile @arg1[0,
// TILES: vta.gemm_tile %{{.*}}, %[[W0]] : !vta.tile<inp, 24x2>
// TILES: vta.store_tile %{{.*}}, @result[24, 0] : !vta.tile<acc, 24x2>
// TILES: vta.gemm_tile %{{.*}}, %[[W1]] into %{{.*}} : !vta.tile<inp, 2x1>, !vta.tile<wgt, 2x1> -> !vta.tile<acc, 2x2>
// TILES: vta.store_tile %{{.*}}, @result[48, 0] : !vta.tile<acc, 2x2>
// TILES: vta.load_tile @arg1[4, 0] : !vta.tile<wgt, 1x2>
// TILES: vta.store_tile %{{.*}}, @result[48, 4] : !vta.tile<acc, 2x1>

func.func @mm(%x: tensor<50x40xi8>, %w: tensor<40x72xi8>, %bias: tensor<72xi32>) -> tensor<50x72xi8> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<50x72xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<50x72xi32>) -> tensor<50x72xi32>
  %acc = linalg.matmul ins(%x, %w : tensor<50x40xi8>, tensor<40x72xi8>) outs(%z : tensor<50x72xi32>) -> tensor<50x72xi32>
  %o = tensor.empty() : tensor<50x72xi8>
  %r = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%acc, %bias : tensor<50x72xi32>, tensor<72xi32>) outs(%o : tensor<50x72xi8>) {
  ^bb0(%a: i32, %b: i32, %out: i8):
    %c8 = arith.constant 8 : i32
    %zero = arith.constant 0 : i32
    %c127 = arith.constant 127 : i32
    %s = arith.shrsi %a, %c8 : i32
    %t = arith.addi %s, %b : i32
    %u = arith.maxsi %t, %zero : i32
    %v = arith.minsi %u, %c127 : i32
    %y = arith.trunci %v : i32 to i8
    linalg.yield %y : i8
  } -> tensor<50x72xi8>
  return %r : tensor<50x72xi8>
}
