// conv2d 3x3, padding 1, stride 2 on an odd-sized image with 3 input
// channels (zero-padded to one 16-channel block by the host packing), the
// full tail; batch 2 (one pass per image). Bit-exact with the interpreter.
// RUN: strata-opt %s --linalg-to-vta | FileCheck %s --check-prefix=TILES
// RUN: strata-run --target vta %s --entry conv --random-inputs --seed 1 --check | FileCheck %s
// RUN: strata-run --target vta %s --entry conv --random-inputs --seed 2 --check --tile-sizes 1,3,4,1 | FileCheck %s

// TILES: vta.dram_buffer @arg0 : tensor<2x1x15x15x1x16xi8> {vta.arg = 0 : i64, vta.logical = array<i64: 2, 3, 15, 15>, vta.pack = array<i64: 1>}
// TILES: vta.gemm_tile {{.*}} maps [#[[M:map[0-9]*]],
// TILES: vta.load_tile @arg0[1, 0, 0, 0]

// CHECK: check: OK, 4096 elements bit-exact with the interpreter

func.func @conv(%x: tensor<2x3x15x15xi8>, %w: tensor<32x3x3x3xi8>, %bias: tensor<32xi32>) -> tensor<2x32x8x8xi8> {
  %c0_i8 = arith.constant 0 : i8
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %c0_i8 : i8
  } : tensor<2x3x15x15xi8> to tensor<2x3x17x17xi8>
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<2x32x8x8xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<2x32x8x8xi32>) -> tensor<2x32x8x8xi32>
  %acc = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%p, %w : tensor<2x3x17x17xi8>, tensor<32x3x3x3xi8>)
    outs(%z : tensor<2x32x8x8xi32>) -> tensor<2x32x8x8xi32>
  %o = tensor.empty() : tensor<2x32x8x8xi8>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc, %bias : tensor<2x32x8x8xi32>, tensor<32xi32>) outs(%o : tensor<2x32x8x8xi8>) {
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
  } -> tensor<2x32x8x8xi8>
  return %r : tensor<2x32x8x8xi8>
}
