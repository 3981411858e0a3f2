// linalg.conv_2d through the AIE pipeline (linalg-to-aie, the aievec
// kernel as C over strata_aie.h), bit-exact against the interpreter on
// random data over the full range of the element type: int16 (16x2
// datapath, wrapping like linalg's i16 arithmetic, odd filter zero-padded),
// int32 (8x1, 80-bit accumulators), accumulation onto an existing output
// (no fill: the output is loaded and upshifted into the accumulator), and
// a Table VI workload with the cycle model's numbers.
// RUN: strata-run %s --entry odd_i16 --target aie --random-inputs --random-range full --seed 1 --check | FileCheck %s --check-prefix=ODD
// RUN: strata-run %s --entry acc_i32 --target aie --random-inputs --random-range full --seed 2 --check | FileCheck %s --check-prefix=ACC
// RUN: strata-run %s --entry cv3x3_i16 --target aie --random-inputs --random-range full --seed 3 --check --stats | FileCheck %s --check-prefix=CV
// RUN: strata-opt %s --linalg-to-aie | FileCheck %s --check-prefix=IR
// RUN: strata-run %s --entry nchw_i16 --target aie --random-inputs --random-range full --seed 4 --check | FileCheck %s --check-prefix=NCHW
// RUN: strata-run %s --entry nchw_i16 --target aie --no-cross-row --random-inputs --random-range full --seed 5 --check | FileCheck %s --check-prefix=NCHW

// RUN: strata-run %s --entry depthwise_i32 --target aie --random-inputs --random-range full --seed 6 --check | FileCheck %s --check-prefix=NCHW
// RUN: strata-run %s --entry conv3d_i16 --target aie --random-inputs --random-range full --seed 7 --check | FileCheck %s --check-prefix=NCHW
// NCHW: check: OK, {{[0-9]+}} elements bit-exact with the interpreter

// ODD: check: OK, 671 elements bit-exact with the interpreter
// ACC: check: OK, 265 elements bit-exact with the interpreter
// CV: check: OK, 8857 elements bit-exact with the interpreter
// CV: macs: 36864
// CV: cycles: {{[0-9]+}}
// CV: macs-per-cycle: {{[0-9]+\.[0-9]+}}

// IR-LABEL: func.func @acc_i32
// IR: aievec.upd %arg2[%{{.*}}, %{{.*}}] : memref<6x16xi32>, vector<8xi32>
// IR-NEXT: aievec.ups %{{.*}} {shift = 0 : i32} : vector<8xi32>, vector<8xi80>
// IR: aievec.mac {{.*}} : vector<16xi32>, vector<8xi32>, vector<8xi80>
// IR-NOT: aievec.mul
// IR: aievec.srs %{{.*}} {nosat, shift = 0 : i32} : vector<8xi80>, vector<8xi32>

func.func @odd_i16(%I: memref<10x40xi16>, %W: memref<3x5xi16>, %O: memref<8x32xi16>) {
  %c0 = arith.constant 0 : i16
  linalg.fill ins(%c0 : i16) outs(%O : memref<8x32xi16>)
  linalg.conv_2d ins(%I, %W : memref<10x40xi16>, memref<3x5xi16>) outs(%O : memref<8x32xi16>)
  return
}

func.func @acc_i32(%I: memref<8x20xi32>, %W: memref<3x3xi32>, %O: memref<6x16xi32>) {
  linalg.conv_2d ins(%I, %W : memref<8x20xi32>, memref<3x3xi32>) outs(%O : memref<6x16xi32>)
  return
}

func.func @cv3x3_i16(%I: memref<18x264xi16>, %W: memref<3x3xi16>, %O: memref<16x256xi16>) {
  %c0 = arith.constant 0 : i16
  linalg.fill ins(%c0 : i16) outs(%O : memref<16x256xi16>)
  linalg.conv_2d ins(%I, %W : memref<18x264xi16>, memref<3x3xi16>) outs(%O : memref<16x256xi16>)
  return
}

// Channels (a Table VII shape scaled down): input channels unrolled like
// filter rows, the output channel a third tile dimension, one block of
// weights per output channel.
func.func @nchw_i16(%I: memref<1x3x6x40xi16>, %W: memref<4x3x3x3xi16>, %O: memref<1x4x4x32xi16>) {
  %c0 = arith.constant 0 : i16
  linalg.fill ins(%c0 : i16) outs(%O : memref<1x4x4x32xi16>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x3x6x40xi16>, memref<4x3x3x3xi16>) outs(%O : memref<1x4x4x32xi16>)
  return
}

// Depthwise: output channel k reads input channel k (the tile's channel).
func.func @depthwise_i32(%I: memref<1x3x6x16xi32>, %W: memref<3x3x3xi32>, %O: memref<1x3x4x8xi32>) {
  %c0 = arith.constant 0 : i32
  linalg.fill ins(%c0 : i32) outs(%O : memref<1x3x4x8xi32>)
  linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<1x3x6x16xi32>, memref<3x3x3xi32>) outs(%O : memref<1x3x4x8xi32>)
  return
}

// conv_3d: the filter's depth unrolled like channels, the output's depth
// a tile dimension (input plane = output depth + filter depth).
func.func @conv3d_i16(%I: memref<5x5x24xi16>, %W: memref<3x3x3xi16>, %O: memref<3x3x16xi16>) {
  %c0 = arith.constant 0 : i16
  linalg.fill ins(%c0 : i16) outs(%O : memref<3x3x16xi16>)
  linalg.conv_3d ins(%I, %W : memref<5x5x24xi16>, memref<3x3x3xi16>) outs(%O : memref<3x3x16xi16>)
  return
}
