// x86-vectorize on linalg.conv_2d_nhwc_hwcf and conv_2d_nchw_fchw, f32
// and int8, with batch 2, strides, dilations and channel / filter / pixel
// counts that leave tails at every level: the vectorized C against the
// interpreter on the original op (as in matmul.mlir), natively and with the
// emulation header (STRATA_X86_ISA=portable; the tiny-block variants
// natively only), and int8 through AMX tiles (isa=amx).

// RUN: strata-run %s --entry nhwc --random-inputs --seed 11 --output %t.nhwc.0 --output %t.nhwc.1 --output %t.nhwc.ref.npy
// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize,convert-linalg-to-loops,lower-affine))' > %t.nhwc.mlir
// RUN: strata-run %t.nhwc.mlir --entry nhwc --random-inputs --seed 11 --target c --output %t.nhwc.0 --output %t.nhwc.1 --output %t.nhwc.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.nhwc.ref.npy %t.nhwc.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t.nhwc.mlir --entry nhwc --random-inputs --seed 11 --target c --output %t.nhwc.0 --output %t.nhwc.1 --output %t.nhwc.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.nhwc.ref.npy %t.nhwc.portable.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-run %s --entry nhwc --random-inputs --seed 11 --output %t.nhwc.0 --output %t.nhwc.1 --output %t.nhwc.ref.npy
// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{mr=3 nr=16 kc=3},convert-linalg-to-loops,lower-affine))' > %t.nhwc.small.mlir
// RUN: strata-run %t.nhwc.small.mlir --entry nhwc --random-inputs --seed 11 --target c --output %t.nhwc.0 --output %t.nhwc.1 --output %t.nhwc.small.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.nhwc.ref.npy %t.nhwc.small.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-run %s --entry nhwci8 --random-inputs --seed 11 --output %t.nhwci8.0 --output %t.nhwci8.1 --output %t.nhwci8.ref.npy
// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=vnni},convert-linalg-to-loops,lower-affine))' > %t.nhwci8.mlir
// RUN: strata-run %t.nhwci8.mlir --entry nhwci8 --random-inputs --seed 11 --target c --output %t.nhwci8.0 --output %t.nhwci8.1 --output %t.nhwci8.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.nhwci8.ref.npy %t.nhwci8.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t.nhwci8.mlir --entry nhwci8 --random-inputs --seed 11 --target c --output %t.nhwci8.0 --output %t.nhwci8.1 --output %t.nhwci8.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.nhwci8.ref.npy %t.nhwci8.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: strata-run %s --entry nhwci8 --random-inputs --seed 11 --output %t.nhwci8.0 --output %t.nhwci8.1 --output %t.nhwci8.ref.npy
// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=vnni mr=3 nr=64 kc=4},convert-linalg-to-loops,lower-affine))' > %t.nhwci8.small.mlir
// RUN: strata-run %t.nhwci8.small.mlir --entry nhwci8 --random-inputs --seed 11 --target c --output %t.nhwci8.0 --output %t.nhwci8.1 --output %t.nhwci8.small.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.nhwci8.ref.npy %t.nhwci8.small.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: strata-run %s --entry nchw --random-inputs --seed 11 --output %t.nchw.0 --output %t.nchw.1 --output %t.nchw.ref.npy
// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize,convert-linalg-to-loops,lower-affine))' > %t.nchw.mlir
// RUN: strata-run %t.nchw.mlir --entry nchw --random-inputs --seed 11 --target c --output %t.nchw.0 --output %t.nchw.1 --output %t.nchw.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.nchw.ref.npy %t.nchw.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t.nchw.mlir --entry nchw --random-inputs --seed 11 --target c --output %t.nchw.0 --output %t.nchw.1 --output %t.nchw.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.nchw.ref.npy %t.nchw.portable.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-run %s --entry nchwi8 --random-inputs --seed 11 --output %t.nchwi8.0 --output %t.nchwi8.1 --output %t.nchwi8.ref.npy
// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=vnni},convert-linalg-to-loops,lower-affine))' > %t.nchwi8.mlir
// RUN: strata-run %t.nchwi8.mlir --entry nchwi8 --random-inputs --seed 11 --target c --output %t.nchwi8.0 --output %t.nchwi8.1 --output %t.nchwi8.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.nchwi8.ref.npy %t.nchwi8.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t.nchwi8.mlir --entry nchwi8 --random-inputs --seed 11 --target c --output %t.nchwi8.0 --output %t.nchwi8.1 --output %t.nchwi8.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.nchwi8.ref.npy %t.nchwi8.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: strata-run %s --entry nchwi8 --random-inputs --seed 11 --output %t.nchwi8.0 --output %t.nchwi8.1 --output %t.nchwi8.ref.npy
// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=vnni mr=4 nr=32 kc=8 mc=8 nc=32},convert-linalg-to-loops,lower-affine))' > %t.nchwi8.small.mlir
// RUN: strata-run %t.nchwi8.small.mlir --entry nchwi8 --random-inputs --seed 11 --target c --output %t.nchwi8.0 --output %t.nchwi8.1 --output %t.nchwi8.small.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.nchwi8.ref.npy %t.nchwi8.small.native.npy --ulps 0 | FileCheck %s --check-prefix=OK

// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=amx},convert-linalg-to-loops,lower-affine))' > %t.nchwi8.amx.mlir
// RUN: strata-run %t.nchwi8.amx.mlir --entry nchwi8 --random-inputs --seed 11 --target c --output %t.nchwi8.0 --output %t.nchwi8.1 --output %t.nchwi8.amx.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.nchwi8.ref.npy %t.nchwi8.amx.native.npy | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t.nchwi8.amx.mlir --entry nchwi8 --random-inputs --seed 11 --target c --output %t.nchwi8.0 --output %t.nchwi8.1 --output %t.nchwi8.amx.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.nchwi8.ref.npy %t.nchwi8.amx.portable.npy | FileCheck %s --check-prefix=OK
// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=amx},convert-linalg-to-loops,lower-affine))' > %t.nhwci8.amx.mlir
// RUN: strata-run %t.nhwci8.amx.mlir --entry nhwci8 --random-inputs --seed 11 --target c --output %t.nhwci8.0 --output %t.nhwci8.1 --output %t.nhwci8.amx.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.nhwci8.ref.npy %t.nhwci8.amx.native.npy | FileCheck %s --check-prefix=OK

// OK: OK: {{[0-9]+}} elements

func.func @nhwc(%i: memref<2x9x12x5xf32>, %w: memref<3x2x5x19xf32>, %o: memref<2x5x5x19xf32>) {
  linalg.conv_2d_nhwc_hwcf {strides = dense<[1, 2]> : tensor<2xi64>, dilations = dense<[2, 1]> : tensor<2xi64>}
    ins(%i, %w : memref<2x9x12x5xf32>, memref<3x2x5x19xf32>) outs(%o : memref<2x5x5x19xf32>)
  return
}

func.func @nhwci8(%i: memref<2x9x11x7xi8>, %w: memref<3x3x7x21xi8>, %o: memref<2x7x9x21xi32>) {
  linalg.conv_2d_nhwc_hwcf ins(%i, %w : memref<2x9x11x7xi8>, memref<3x3x7x21xi8>) outs(%o : memref<2x7x9x21xi32>)
  return
}

func.func @nchw(%i: memref<2x5x9x11xf32>, %w: memref<19x5x3x3xf32>, %o: memref<2x19x4x5xf32>) {
  linalg.conv_2d_nchw_fchw {strides = dense<2> : tensor<2xi64>}
    ins(%i, %w : memref<2x5x9x11xf32>, memref<19x5x3x3xf32>) outs(%o : memref<2x19x4x5xf32>)
  return
}

func.func @nchwi8(%i: memref<2x6x8x10xi8>, %w: memref<13x6x2x3xi8>, %o: memref<2x13x7x8xi32>) {
  linalg.conv_2d_nchw_fchw ins(%i, %w : memref<2x6x8x10xi8>, memref<13x6x2x3xi8>) outs(%o : memref<2x13x7x8xi32>)
  return
}
