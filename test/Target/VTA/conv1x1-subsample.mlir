// 1x1 convolutions with stride > 1 and no padding read only the pixels
// (s*i, s*j): the host packs just those (vta.subsample, a layout chosen
// for this consumer) and the accelerator runs a stride-1 convolution on
// the subsampled image, whose rows are contiguous, so whole-row tiles load
// in one DMA row per channel block. Odd sizes (15 -> 8 rows), stride 3,
// unequal strides, channels that are not whole 16-blocks, explicit tiles
// with ragged tails; each bit-exact with the interpreter on random data.
// RUN: strata-run --target vta %s --entry s2odd --random-inputs --seed 11 --check | FileCheck %s --check-prefix=ODD
// RUN: strata-run --target vta %s --entry s2odd --random-inputs --seed 12 --check --tile-sizes 2,3,8,1 | FileCheck %s --check-prefix=ODD
// RUN: strata-run --target vta %s --entry s2odd --random-inputs --seed 16 --check --tile-sizes 1,8,8,1 | FileCheck %s --check-prefix=ODD
// RUN: strata-opt %s '--linalg-to-vta=entry=s2odd tile-sizes=1,8,8,1' | FileCheck %s --check-prefix=RES
// RUN: strata-run --target vta %s --entry s3 --random-inputs --seed 13 --check | FileCheck %s --check-prefix=S3
// RUN: strata-run --target vta %s --entry s3 --random-inputs --seed 14 --check --tile-sizes 1,3,2,2 | FileCheck %s --check-prefix=S3
// RUN: strata-run --target vta %s --entry s21 --random-inputs --seed 15 --check --tune 8 | FileCheck %s --check-prefix=S21
// RUN: strata-opt %s '--linalg-to-vta=entry=s2odd tile-sizes=3,8,8,2' --vta-lower-tiles | FileCheck %s --check-prefix=DMA

// ODD: check: OK, 3072 elements bit-exact with the interpreter
// S3: check: OK, 640 elements bit-exact with the interpreter
// S21: check: OK, 1152 elements bit-exact with the interpreter

// One spatial tile covers the output: its input (two channel chunks) is
// loaded once and stays resident for the three output-channel groups.
// RES-COUNT-2: vta.load_tile @arg0
// RES-NOT: vta.load_tile @arg0
// RES-COUNT-3: vta.store_tile

// The whole 8x8 image of both channel blocks is one contiguous DMA row,
// the weights (all input channels) one row, the 3 output blocks one row.
// DMA: vta.dram_buffer @arg0 : tensor<1x2x8x8x1x16xi8> {{.*}}vta.subsample = array<i64: 1, 1, 2, 2>
// DMA: vta.load inp @arg0[0] to sram[0] size [1, 128] stride 128
// DMA: vta.load wgt @arg1[0] to sram[0] size [1, 6] stride 6
// DMA: vta.store sram[{{[0-9]+}}] to @result[0] size [1, 192] stride 192

func.func @s2odd(%x: tensor<1x32x15x15xi8>, %w: tensor<48x32x1x1xi8>, %bias: tensor<48xi32>) -> tensor<1x48x8x8xi8> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x48x8x8xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x48x8x8xi32>) -> tensor<1x48x8x8xi32>
  %acc = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<[2, 2]> : tensor<2xi64>}
    ins(%x, %w : tensor<1x32x15x15xi8>, tensor<48x32x1x1xi8>)
    outs(%z : tensor<1x48x8x8xi32>) -> tensor<1x48x8x8xi32>
  %o = tensor.empty() : tensor<1x48x8x8xi8>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc, %bias : tensor<1x48x8x8xi32>, tensor<48xi32>) outs(%o : tensor<1x48x8x8xi8>) {
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
  } -> tensor<1x48x8x8xi8>
  return %r : tensor<1x48x8x8xi8>
}

func.func @s3(%x: tensor<1x20x12x13xi8>, %w: tensor<32x20x1x1xi8>) -> tensor<1x32x4x5xi8> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x32x4x5xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x32x4x5xi32>) -> tensor<1x32x4x5xi32>
  %acc = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<[3, 3]> : tensor<2xi64>}
    ins(%x, %w : tensor<1x20x12x13xi8>, tensor<32x20x1x1xi8>)
    outs(%z : tensor<1x32x4x5xi32>) -> tensor<1x32x4x5xi32>
  %o = tensor.empty() : tensor<1x32x4x5xi8>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc : tensor<1x32x4x5xi32>) outs(%o : tensor<1x32x4x5xi8>) {
  ^bb0(%a: i32, %out: i8):
    %y = arith.trunci %a : i32 to i8
    linalg.yield %y : i8
  } -> tensor<1x32x4x5xi8>
  return %r : tensor<1x32x4x5xi8>
}

func.func @s21(%x: tensor<1x32x12x12xi8>, %w: tensor<16x32x1x1xi8>, %bias: tensor<16xi32>) -> tensor<1x16x6x12xi8> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x16x6x12xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x16x6x12xi32>) -> tensor<1x16x6x12xi32>
  %acc = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
    ins(%x, %w : tensor<1x32x12x12xi8>, tensor<16x32x1x1xi8>)
    outs(%z : tensor<1x16x6x12xi32>) -> tensor<1x16x6x12xi32>
  %o = tensor.empty() : tensor<1x16x6x12xi8>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc, %bias : tensor<1x16x6x12xi32>, tensor<16xi32>) outs(%o : tensor<1x16x6x12xi8>) {
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
  } -> tensor<1x16x6x12xi8>
  return %r : tensor<1x16x6x12xi8>
}

