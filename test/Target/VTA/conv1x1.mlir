// 1x1 convolutions (no padding): stride 1 with a relu tail and no bias,
// and stride 2 with the full tail, as in ResNet-18's downsampling layers.
// Bit-exact with the interpreter on random int8 data.
// RUN: strata-run --target vta %s --entry conv1x1 --random-inputs --seed 1 --check | FileCheck %s --check-prefix=S1
// RUN: strata-run --target vta %s --entry conv1x1 --random-inputs --seed 5 --check --tile-sizes 1,3,7,2 | FileCheck %s --check-prefix=S1
// RUN: strata-run --target vta %s --entry conv1x1s2 --random-inputs --seed 2 --check | FileCheck %s --check-prefix=S2
// RUN: strata-run --target vta %s --entry conv1x1s2 --random-inputs --seed 3 --check --tile-sizes 2,3,7,4 | FileCheck %s --check-prefix=S2
// RUN: strata-opt %s --linalg-to-vta=entry=conv1x1s2 | FileCheck %s --check-prefix=TILES

// S1: check: OK, 6272 elements bit-exact with the interpreter
// S2: check: OK, 3136 elements bit-exact with the interpreter
// TILES: module attributes {vta.entry = "conv1x1s2"}
// A strided 1x1 conv reads every other row and column: the host packs
// only those pixels (vta.subsample), a 7x7 image.
// TILES: vta.dram_buffer @arg0 : tensor<1x4x7x7x1x16xi8> {{.*}}vta.subsample = array<i64: 1, 1, 2, 2>
// TILES-NOT: pad
// TILES: vta.gemm_tile

func.func @conv1x1(%x: tensor<1x64x14x14xi8>, %w: tensor<32x64x1x1xi8>) -> tensor<1x32x14x14xi8> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x32x14x14xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x32x14x14xi32>) -> tensor<1x32x14x14xi32>
  %acc = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x64x14x14xi8>, tensor<32x64x1x1xi8>)
    outs(%z : tensor<1x32x14x14xi32>) -> tensor<1x32x14x14xi32>
  %o = tensor.empty() : tensor<1x32x14x14xi8>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc : tensor<1x32x14x14xi32>) outs(%o : tensor<1x32x14x14xi8>) {
  ^bb0(%a: i32, %out: i8):
    %c7 = arith.constant 7 : i32
    %c0_1 = arith.constant 0 : i32
    %s = arith.shrsi %a, %c7 : i32
    %u = arith.maxsi %s, %c0_1 : i32
    %y = arith.trunci %u : i32 to i8
    linalg.yield %y : i8
  } -> tensor<1x32x14x14xi8>
  return %r : tensor<1x32x14x14xi8>
}

func.func @conv1x1s2(%x: tensor<1x64x14x14xi8>, %w: tensor<64x64x1x1xi8>, %bias: tensor<64xi32>) -> tensor<1x64x7x7xi8> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x64x7x7xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x64x7x7xi32>) -> tensor<1x64x7x7xi32>
  %acc = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : tensor<1x64x14x14xi8>, tensor<64x64x1x1xi8>)
    outs(%z : tensor<1x64x7x7xi32>) -> tensor<1x64x7x7xi32>
  %o = tensor.empty() : tensor<1x64x7x7xi8>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc, %bias : tensor<1x64x7x7xi32>, tensor<64xi32>) outs(%o : tensor<1x64x7x7xi8>) {
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
  } -> tensor<1x64x7x7xi8>
  return %r : tensor<1x64x7x7xi8>
}
