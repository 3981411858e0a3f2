// conv2d 3x3, padding 1 (DMA zero padding at the borders), stride 1, with
// the tail >> 8, + bias, relu, clip 127: 1x32x14x14 -> 48 channels. Run
// with the model's tiles and with forced small tiles (ragged edges in
// every dimension, input-channel chunks accumulating in place, borders
// inside tiles), each bit-exact with the interpreter on random int8 data.
// RUN: strata-opt %s --linalg-to-vta | FileCheck %s --check-prefix=TILES
// RUN: strata-run --target vta %s --entry conv --random-inputs --seed 1 --check | FileCheck %s
// RUN: strata-run --target vta %s --entry conv --random-inputs --seed 2 --check --tile-sizes 2,5,6,1 | FileCheck %s
// RUN: strata-run --target vta %s --entry conv --random-inputs --seed 3 --check --single-buffer | FileCheck %s
// RUN: strata-run --target vta %s --entry conv --random-inputs --seed 4 --check --stats | FileCheck %s --check-prefix=STATS

// TILES: vta.dram_buffer @arg0 : tensor<1x2x14x14x1x16xi8> {vta.arg = 0 : i64, vta.logical = array<i64: 1, 32, 14, 14>, vta.pack = array<i64: 1>}
// TILES: vta.dram_buffer @arg1 : tensor<3x18x16x16xi8> {vta.arg = 1 : i64, vta.logical = array<i64: 48, 32, 3, 3>, vta.pack = array<i64: 0, 1>}
// TILES: vta.dram_buffer @result : tensor<1x3x14x14x1x16xi8>
// TILES: vta.load_tile @arg0[0, 0, 0, 0] pad [1, {{[0-9]+}}, 1, 1] : !vta.tile<inp,
// TILES: vta.gemm_tile {{.*}} maps [#{{.*}}, #{{.*}}, #{{.*}}] bounds
// TILES: vta.alu_tile shr
// TILES: vta.alu_tile add
// TILES: vta.alu_tile max
// TILES: vta.alu_tile min
// TILES: vta.store_tile

// CHECK: check: OK, 9408 elements bit-exact with the interpreter

// STATS: tile-sizes:
// STATS: cycles:
// STATS: bytes read: inp {{[0-9]+}} wgt {{[0-9]+}} acc {{[0-9]+}} uop {{[0-9]+}}; bytes written: out 9408
// STATS: utilization: 0.{{[0-9][0-9]}}
// STATS: check: OK

func.func @conv(%x: tensor<1x32x14x14xi8>, %w: tensor<48x32x3x3xi8>, %bias: tensor<48xi32>) -> tensor<1x48x14x14xi8> {
  %c0_i8 = arith.constant 0 : i8
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %c0_i8 : i8
  } : tensor<1x32x14x14xi8> to tensor<1x32x16x16xi8>
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x48x14x14xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x48x14x14xi32>) -> tensor<1x48x14x14xi32>
  %acc = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%p, %w : tensor<1x32x16x16xi8>, tensor<48x32x3x3xi8>)
    outs(%z : tensor<1x48x14x14xi32>) -> tensor<1x48x14x14xi32>
  %o = tensor.empty() : tensor<1x48x14x14xi8>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc, %bias : tensor<1x48x14x14xi32>, tensor<48xi32>) outs(%o : tensor<1x48x14x14xi8>) {
  ^bb0(%a: i32, %b: i32, %out: i8):
    %c8 = arith.constant 8 : i32
    %c0_1 = arith.constant 0 : i32
    %c127 = arith.constant 127 : i32
    %s = arith.shrsi %a, %c8 : i32
    %t = arith.addi %s, %b : i32
    %u = arith.maxsi %t, %c0_1 : i32
    %v = arith.minsi %u, %c127 : i32
    %y = arith.trunci %v : i32 to i8
    linalg.yield %y : i8
  } -> tensor<1x48x14x14xi8>
  return %r : tensor<1x48x14x14xi8>
}
