// DeepBench inference_server convolutions with 1 and 3 input channels
// (problems 6 and 10 of /work/shared/data/deepbench_conv.csv; written by
// bench/gen_vta_conv.py): the channels are zero-padded to one 16-lane
// block on the host, the outputs checked bit for bit against the
// interpreter. bench/vta_resnet18.sh runs all eleven such problems.
// RUN: strata-run --target vta %s --entry db6 --random-inputs --seed 1 --check --stats | FileCheck %s --check-prefix=DB6
// RUN: strata-run --target vta %s --entry db10 --random-inputs --seed 2 --check --stats --tune 4 | FileCheck %s --check-prefix=DB10
// RUN: strata-opt %s --linalg-to-vta=entry=db10 | FileCheck %s --check-prefix=TILES

// DB6: gemm micro-ops: 207360
// DB6: utilization: 0.{{[0-9]+}}
// DB6: check: OK, 368640 elements bit-exact with the interpreter
// DB10: gemm micro-ops: 104976
// DB10: check: OK, 186624 elements bit-exact with the interpreter
// The 3 channels of db10 become one block of 16 (13 zero lanes).
// TILES: vta.dram_buffer @arg0 : tensor<1x1x108x108x1x16xi8> {vta.arg = 0 : i64, vta.logical = array<i64: 1, 3, 108, 108>
// TILES: vta.dram_buffer @arg1 : tensor<4x9x16x16xi8> {vta.arg = 1 : i64, vta.logical = array<i64: 64, 3, 3, 3>

func.func @db6(%x: tensor<1x1x48x480xi8>, %w: tensor<16x1x3x3xi8>, %bias: tensor<16xi32>) -> tensor<1x16x48x480xi8> {
  %c0_i8 = arith.constant 0 : i8
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %c0_i8 : i8
  } : tensor<1x1x48x480xi8> to tensor<1x1x50x482xi8>
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x16x48x480xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x16x48x480xi32>) -> tensor<1x16x48x480xi32>
  %acc = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>}
    ins(%p, %w : tensor<1x1x50x482xi8>, tensor<16x1x3x3xi8>)
    outs(%z : tensor<1x16x48x480xi32>) -> tensor<1x16x48x480xi32>
  %o = tensor.empty() : tensor<1x16x48x480xi8>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc, %bias : tensor<1x16x48x480xi32>, tensor<16xi32>) outs(%o : tensor<1x16x48x480xi8>) {
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
  } -> tensor<1x16x48x480xi8>
  return %r : tensor<1x16x48x480xi8>
}

func.func @db10(%x: tensor<1x3x108x108xi8>, %w: tensor<64x3x3x3xi8>, %bias: tensor<64xi32>) -> tensor<1x64x54x54xi8> {
  %c0_i8 = arith.constant 0 : i8
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %c0_i8 : i8
  } : tensor<1x3x108x108xi8> to tensor<1x3x110x110xi8>
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x64x54x54xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x64x54x54xi32>) -> tensor<1x64x54x54xi32>
  %acc = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<[2, 2]> : tensor<2xi64>}
    ins(%p, %w : tensor<1x3x110x110xi8>, tensor<64x3x3x3xi8>)
    outs(%z : tensor<1x64x54x54xi32>) -> tensor<1x64x54x54xi32>
  %o = tensor.empty() : tensor<1x64x54x54xi8>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc, %bias : tensor<1x64x54x54xi32>, tensor<64xi32>) outs(%o : tensor<1x64x54x54xi8>) {
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
  } -> tensor<1x64x54x54xi8>
  return %r : tensor<1x64x54x54xi8>
}
