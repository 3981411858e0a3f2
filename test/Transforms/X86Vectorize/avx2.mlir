// x86-vectorize{isa=avx2}: the blocked GEMM written for AVX2 + FMA (8
// lanes, 16 ymm registers, vector-mask column tails) for CPUs without
// AVX-512; int8 multiplies sign-extended i16 pairs with vpmaddwd (exact,
// where vpmaddubsw would saturate) and adds the i32 sums, so no +128 offset
// and no compensation. The structure, then each kernel's C against the
// interpreter on the original op with random inputs (full-range i8 and
// i32 accumulators, so the sums wrap), natively (AVX2 + FMA where the CPU
// has them) and with every intrinsic emulated (STRATA_X86_ISA=portable),
// with default and tiny blocks (row tails, masked tail panels, partial K
// blocks and odd K: a half-filled last i16 pair). f32 within 8 ulps of the
// output's largest magnitude; int8 bit-exact.
//
// RUN: split-file %s %t
// RUN: cat %t/mmf32.mlir %t/mmi8.mlir %t/nhwc.mlir | strata-opt - '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=avx2}))' | FileCheck %s
// RUN: strata-opt %t/mmf32.mlir '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=native}))' | FileCheck %s --check-prefix=NATIVE
// RUN: strata-run %t/mmf32.mlir --entry mmf32 --random-inputs --seed 5 --output %t/mmf32.0.0 --output %t/mmf32.0.1 --output %t/mmf32.0.ref.npy
// RUN: strata-opt %t/mmf32.mlir '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=avx2},convert-linalg-to-loops,lower-affine))' > %t/mmf32.0.v.mlir
// RUN: strata-run %t/mmf32.0.v.mlir --entry mmf32 --random-inputs --seed 5 --target c --output %t/mmf32.0.0 --output %t/mmf32.0.1 --output %t/mmf32.0.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mmf32.0.ref.npy %t/mmf32.0.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/mmf32.0.v.mlir --entry mmf32 --random-inputs --seed 5 --target c --output %t/mmf32.0.0 --output %t/mmf32.0.1 --output %t/mmf32.0.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mmf32.0.ref.npy %t/mmf32.0.portable.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-run %t/mmf32.mlir --entry mmf32 --random-inputs --seed 5 --output %t/mmf32.1.0 --output %t/mmf32.1.1 --output %t/mmf32.1.ref.npy
// RUN: strata-opt %t/mmf32.mlir '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=avx2 mr=5 nr=24 kc=7 mc=10 nc=24},convert-linalg-to-loops,lower-affine))' > %t/mmf32.1.v.mlir
// RUN: strata-run %t/mmf32.1.v.mlir --entry mmf32 --random-inputs --seed 5 --target c --output %t/mmf32.1.0 --output %t/mmf32.1.1 --output %t/mmf32.1.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mmf32.1.ref.npy %t/mmf32.1.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/mmf32.1.v.mlir --entry mmf32 --random-inputs --seed 5 --target c --output %t/mmf32.1.0 --output %t/mmf32.1.1 --output %t/mmf32.1.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mmf32.1.ref.npy %t/mmf32.1.portable.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-run %t/mmi8.mlir --entry mmi8 --random-inputs --seed 5 --output %t/mmi8.2.0 --output %t/mmi8.2.1 --output %t/mmi8.2.ref.npy
// RUN: strata-opt %t/mmi8.mlir '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=avx2},convert-linalg-to-loops,lower-affine))' > %t/mmi8.2.v.mlir
// RUN: strata-run %t/mmi8.2.v.mlir --entry mmi8 --random-inputs --seed 5 --target c --output %t/mmi8.2.0 --output %t/mmi8.2.1 --output %t/mmi8.2.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mmi8.2.ref.npy %t/mmi8.2.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/mmi8.2.v.mlir --entry mmi8 --random-inputs --seed 5 --target c --output %t/mmi8.2.0 --output %t/mmi8.2.1 --output %t/mmi8.2.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mmi8.2.ref.npy %t/mmi8.2.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: strata-run %t/mmi8.mlir --entry mmi8 --random-inputs --seed 5 --output %t/mmi8.3.0 --output %t/mmi8.3.1 --output %t/mmi8.3.ref.npy
// RUN: strata-opt %t/mmi8.mlir '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=avx2 mr=5 nr=8 kc=6 mc=10 nc=16},convert-linalg-to-loops,lower-affine))' > %t/mmi8.3.v.mlir
// RUN: strata-run %t/mmi8.3.v.mlir --entry mmi8 --random-inputs --seed 5 --target c --output %t/mmi8.3.0 --output %t/mmi8.3.1 --output %t/mmi8.3.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mmi8.3.ref.npy %t/mmi8.3.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/mmi8.3.v.mlir --entry mmi8 --random-inputs --seed 5 --target c --output %t/mmi8.3.0 --output %t/mmi8.3.1 --output %t/mmi8.3.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mmi8.3.ref.npy %t/mmi8.3.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: strata-run %t/nhwc.mlir --entry nhwc --random-inputs --seed 5 --output %t/nhwc.4.0 --output %t/nhwc.4.1 --output %t/nhwc.4.ref.npy
// RUN: strata-opt %t/nhwc.mlir '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=avx2},convert-linalg-to-loops,lower-affine))' > %t/nhwc.4.v.mlir
// RUN: strata-run %t/nhwc.4.v.mlir --entry nhwc --random-inputs --seed 5 --target c --output %t/nhwc.4.0 --output %t/nhwc.4.1 --output %t/nhwc.4.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/nhwc.4.ref.npy %t/nhwc.4.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/nhwc.4.v.mlir --entry nhwc --random-inputs --seed 5 --target c --output %t/nhwc.4.0 --output %t/nhwc.4.1 --output %t/nhwc.4.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/nhwc.4.ref.npy %t/nhwc.4.portable.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-run %t/nhwci8.mlir --entry nhwci8 --random-inputs --seed 5 --output %t/nhwci8.5.0 --output %t/nhwci8.5.1 --output %t/nhwci8.5.ref.npy
// RUN: strata-opt %t/nhwci8.mlir '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=avx2 mr=3 nr=32 kc=5},convert-linalg-to-loops,lower-affine))' > %t/nhwci8.5.v.mlir
// RUN: strata-run %t/nhwci8.5.v.mlir --entry nhwci8 --random-inputs --seed 5 --target c --output %t/nhwci8.5.0 --output %t/nhwci8.5.1 --output %t/nhwci8.5.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/nhwci8.5.ref.npy %t/nhwci8.5.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/nhwci8.5.v.mlir --entry nhwci8 --random-inputs --seed 5 --target c --output %t/nhwci8.5.0 --output %t/nhwci8.5.1 --output %t/nhwci8.5.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/nhwci8.5.ref.npy %t/nhwci8.5.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: strata-run %t/nchw.mlir --entry nchw --random-inputs --seed 5 --output %t/nchw.6.0 --output %t/nchw.6.1 --output %t/nchw.6.ref.npy
// RUN: strata-opt %t/nchw.mlir '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=avx2},convert-linalg-to-loops,lower-affine))' > %t/nchw.6.v.mlir
// RUN: strata-run %t/nchw.6.v.mlir --entry nchw --random-inputs --seed 5 --target c --output %t/nchw.6.0 --output %t/nchw.6.1 --output %t/nchw.6.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/nchw.6.ref.npy %t/nchw.6.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/nchw.6.v.mlir --entry nchw --random-inputs --seed 5 --target c --output %t/nchw.6.0 --output %t/nchw.6.1 --output %t/nchw.6.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/nchw.6.ref.npy %t/nchw.6.portable.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-run %t/nchwi8.mlir --entry nchwi8 --random-inputs --seed 5 --output %t/nchwi8.7.0 --output %t/nchwi8.7.1 --output %t/nchwi8.7.ref.npy
// RUN: strata-opt %t/nchwi8.mlir '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=avx2},convert-linalg-to-loops,lower-affine))' > %t/nchwi8.7.v.mlir
// RUN: strata-run %t/nchwi8.7.v.mlir --entry nchwi8 --random-inputs --seed 5 --target c --output %t/nchwi8.7.0 --output %t/nchwi8.7.1 --output %t/nchwi8.7.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/nchwi8.7.ref.npy %t/nchwi8.7.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/nchwi8.7.v.mlir --entry nchwi8 --random-inputs --seed 5 --target c --output %t/nchwi8.7.0 --output %t/nchwi8.7.1 --output %t/nchwi8.7.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/nchwi8.7.ref.npy %t/nchwi8.7.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK

// OK: OK: {{[0-9]+}} elements

// f32: 6 x 16 register blocks of 8-lane FMAs, B packed in 16-column panels,
// a 5-column tail stored through a lane mask; nothing AVX-512.
// CHECK-LABEL: func.func @mmf32
// CHECK: memref.alloc() : memref<3x30x16xf32>
// CHECK: scf.for {{.*}} iter_args
// CHECK: x86.call "_mm256_fmadd_ps"
// CHECK: x86.call "_mm256_set_epi32"
// CHECK: x86.call "_mm256_maskstore_ps"
// CHECK-NOT: _mm512
// CHECK-NOT: linalg.matmul
// int8: i16 pairs (K = 35: 18 words), vpmaddwd then an add; no offset or
// compensation buffer, no AMX.
// CHECK-LABEL: func.func @mmi8
// CHECK: memref.alloc() : memref<2x18x16xi32>
// CHECK: arith.extsi
// CHECK: x86.call "_mm256_madd_epi16"
// CHECK-NEXT: x86.call "_mm256_add_epi32"
// CHECK-NOT: _tile_
// CHECK-NOT: _mm512
// CHECK-LABEL: func.func @nhwc
// CHECK-NOT: linalg.conv
// CHECK: x86.call "_mm256_fmadd_ps"
// isa=native picks one of the two for this machine: vector kernels either way.
// NATIVE-LABEL: func.func @mmf32
// NATIVE: x86.call "_mm{{256|512}}_fmadd_ps"

//--- mmf32.mlir
func.func @mmf32(%a: memref<20x30xf32>, %b: memref<30x37xf32>, %c: memref<20x37xf32>) {
  linalg.matmul ins(%a, %b : memref<20x30xf32>, memref<30x37xf32>) outs(%c : memref<20x37xf32>)
  return
}

//--- mmi8.mlir
func.func @mmi8(%a: memref<13x35xi8>, %b: memref<35x21xi8>, %c: memref<13x21xi32>) {
  linalg.matmul ins(%a, %b : memref<13x35xi8>, memref<35x21xi8>) outs(%c : memref<13x21xi32>)
  return
}

//--- nhwc.mlir
func.func @nhwc(%i: memref<2x9x12x5xf32>, %w: memref<3x2x5x19xf32>, %o: memref<2x5x5x19xf32>) {
  linalg.conv_2d_nhwc_hwcf {strides = dense<[1, 2]> : tensor<2xi64>, dilations = dense<[2, 1]> : tensor<2xi64>}
    ins(%i, %w : memref<2x9x12x5xf32>, memref<3x2x5x19xf32>) outs(%o : memref<2x5x5x19xf32>)
  return
}

//--- nhwci8.mlir
func.func @nhwci8(%i: memref<2x9x11x7xi8>, %w: memref<3x3x7x21xi8>, %o: memref<2x7x9x21xi32>) {
  linalg.conv_2d_nhwc_hwcf ins(%i, %w : memref<2x9x11x7xi8>, memref<3x3x7x21xi8>) outs(%o : memref<2x7x9x21xi32>)
  return
}

//--- nchw.mlir
func.func @nchw(%i: memref<2x5x9x11xf32>, %w: memref<19x5x3x3xf32>, %o: memref<2x19x4x5xf32>) {
  linalg.conv_2d_nchw_fchw {strides = dense<2> : tensor<2xi64>}
    ins(%i, %w : memref<2x5x9x11xf32>, memref<19x5x3x3xf32>) outs(%o : memref<2x19x4x5xf32>)
  return
}

//--- nchwi8.mlir
func.func @nchwi8(%i: memref<2x6x8x10xi8>, %w: memref<13x6x2x3xi8>, %o: memref<2x13x7x8xi32>) {
  linalg.conv_2d_nchw_fchw ins(%i, %w : memref<2x6x8x10xi8>, memref<13x6x2x3xi8>) outs(%o : memref<2x13x7x8xi32>)
  return
}
