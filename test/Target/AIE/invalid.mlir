// Convolutions the AIE datapath cannot run are errors at the op.
// RUN: not strata-opt %s --split-input-file --linalg-to-aie 2>&1 | FileCheck %s

// CHECK: invalid.mlir:[[# @LINE + 2]]:3: error: linalg-to-aie: input rows of 37 elements are not 16-byte aligned (a multiple of 8): the AI Engine has no unaligned loads
func.func @unaligned(%I: memref<10x37xi16>, %W: memref<3x3xi16>, %O: memref<8x32xi16>) {
  linalg.conv_2d ins(%I, %W : memref<10x37xi16>, memref<3x3xi16>) outs(%O : memref<8x32xi16>)
  return
}

// -----

// CHECK: invalid.mlir:[[# @LINE + 2]]:3: error: linalg-to-aie: output rows of 20 elements are not whole 16-lane vectors
func.func @ragged(%I: memref<10x24xi16>, %W: memref<3x3xi16>, %O: memref<8x20xi16>) {
  linalg.conv_2d ins(%I, %W : memref<10x24xi16>, memref<3x3xi16>) outs(%O : memref<8x20xi16>)
  return
}

// -----

// CHECK: invalid.mlir:[[# @LINE + 2]]:3: error: linalg-to-aie: no AIE datapath vectorizes this convolution's element type (i16 or i32 only, got i8)
func.func @int8(%I: memref<10x48xi8>, %W: memref<3x3xi8>, %O: memref<8x32xi8>) {
  linalg.conv_2d ins(%I, %W : memref<10x48xi8>, memref<3x3xi8>) outs(%O : memref<8x32xi8>)
  return
}

// -----

// CHECK: invalid.mlir:[[# @LINE + 2]]:3: error: linalg-to-aie: input row 0: the reused span of 66 elements exceeds the largest 64-element register
func.func @wide(%I: memref<52x96xi16>, %W: memref<3x50xi16>, %O: memref<50x32xi16>) {
  linalg.conv_2d ins(%I, %W : memref<52x96xi16>, memref<3x50xi16>) outs(%O : memref<50x32xi16>)
  return
}
