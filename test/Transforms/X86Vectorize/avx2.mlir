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
// RUN: strata-run %t/gemv.mlir --entry gemv --random-inputs --seed 5 --output %t/gemv.0 --output %t/gemv.1 --output %t/gemv.ref.npy
// RUN: strata-opt %t/gemv.mlir '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=avx2},convert-linalg-to-loops,lower-affine))' > %t/gemv.v.mlir
// RUN: FileCheck %s --check-prefix=GEMV < %t/gemv.v.mlir
// RUN: strata-run %t/gemv.v.mlir --entry gemv --random-inputs --seed 5 --target c --output %t/gemv.0 --output %t/gemv.1 --output %t/gemv.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/gemv.ref.npy %t/gemv.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/gemv.v.mlir --entry gemv --random-inputs --seed 5 --target c --output %t/gemv.0 --output %t/gemv.1 --output %t/gemv.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/gemv.ref.npy %t/gemv.portable.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-run %t/mmconst.mlir --entry mmconst --random-inputs --seed 5 --output %t/mmconst.0 --output %t/mmconst.ref.npy
// RUN: strata-opt %t/mmconst.mlir '--pass-pipeline=builtin.module(x86-vectorize{isa=avx2},symbol-dce,func.func(convert-linalg-to-loops,lower-affine))' > %t/mmconst.v.mlir
// RUN: FileCheck %s --check-prefix=CONST < %t/mmconst.v.mlir
// RUN: strata-run %t/mmconst.v.mlir --entry mmconst --random-inputs --seed 5 --target c --output %t/mmconst.0 --output %t/mmconst.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mmconst.ref.npy %t/mmconst.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/mmconst.v.mlir --entry mmconst --random-inputs --seed 5 --target c --output %t/mmconst.0 --output %t/mmconst.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mmconst.ref.npy %t/mmconst.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: strata-opt %t/mmconst.mlir '--pass-pipeline=builtin.module(x86-vectorize{isa=avx2 kc=12 mr=5},symbol-dce,func.func(convert-linalg-to-loops,lower-affine))' > %t/mmconst.small.mlir
// RUN: strata-run %t/mmconst.small.mlir --entry mmconst --random-inputs --seed 5 --target c --output %t/mmconst.0 --output %t/mmconst.small.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mmconst.ref.npy %t/mmconst.small.npy --ulps 0 | FileCheck %s --check-prefix=OK

// RUN: strata-run %t/nchw1.mlir --entry nchw1 --random-inputs --seed 5 --output %t/nchw1.g0.0 --output %t/nchw1.g0.1 --output %t/nchw1.g0.ref.npy
// RUN: strata-opt %t/nchw1.mlir '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=avx2 path=gemm},convert-linalg-to-loops,lower-affine))' > %t/nchw1.g0.v.mlir
// RUN: strata-run %t/nchw1.g0.v.mlir --entry nchw1 --random-inputs --seed 5 --target c --output %t/nchw1.g0.0 --output %t/nchw1.g0.1 --output %t/nchw1.g0.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/nchw1.g0.ref.npy %t/nchw1.g0.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/nchw1.g0.v.mlir --entry nchw1 --random-inputs --seed 5 --target c --output %t/nchw1.g0.0 --output %t/nchw1.g0.1 --output %t/nchw1.g0.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/nchw1.g0.ref.npy %t/nchw1.g0.portable.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-run %t/nchw1.mlir --entry nchw1 --random-inputs --seed 5 --output %t/nchw1.g1.0 --output %t/nchw1.g1.1 --output %t/nchw1.g1.ref.npy
// RUN: strata-opt %t/nchw1.mlir '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=avx2},convert-linalg-to-loops,lower-affine))' > %t/nchw1.g1.v.mlir
// RUN: strata-run %t/nchw1.g1.v.mlir --entry nchw1 --random-inputs --seed 5 --target c --output %t/nchw1.g1.0 --output %t/nchw1.g1.1 --output %t/nchw1.g1.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/nchw1.g1.ref.npy %t/nchw1.g1.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/nchw1.g1.v.mlir --entry nchw1 --random-inputs --seed 5 --target c --output %t/nchw1.g1.0 --output %t/nchw1.g1.1 --output %t/nchw1.g1.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/nchw1.g1.ref.npy %t/nchw1.g1.portable.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-run %t/nchw1.mlir --entry nchw1 --random-inputs --seed 5 --output %t/nchw1.g2.0 --output %t/nchw1.g2.1 --output %t/nchw1.g2.ref.npy
// RUN: strata-opt %t/nchw1.mlir '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=avx512 path=gemm nr=32},convert-linalg-to-loops,lower-affine))' > %t/nchw1.g2.v.mlir
// RUN: strata-run %t/nchw1.g2.v.mlir --entry nchw1 --random-inputs --seed 5 --target c --output %t/nchw1.g2.0 --output %t/nchw1.g2.1 --output %t/nchw1.g2.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/nchw1.g2.ref.npy %t/nchw1.g2.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/nchw1.g2.v.mlir --entry nchw1 --random-inputs --seed 5 --target c --output %t/nchw1.g2.0 --output %t/nchw1.g2.1 --output %t/nchw1.g2.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/nchw1.g2.ref.npy %t/nchw1.g2.portable.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-run %t/pointwise.mlir --entry pointwise --random-inputs --seed 5 --output %t/pointwise.g3.0 --output %t/pointwise.g3.1 --output %t/pointwise.g3.ref.npy
// RUN: strata-opt %t/pointwise.mlir '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=avx2 path=gemm},convert-linalg-to-loops,lower-affine))' > %t/pointwise.g3.v.mlir
// RUN: strata-run %t/pointwise.g3.v.mlir --entry pointwise --random-inputs --seed 5 --target c --output %t/pointwise.g3.0 --output %t/pointwise.g3.1 --output %t/pointwise.g3.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/pointwise.g3.ref.npy %t/pointwise.g3.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/pointwise.g3.v.mlir --entry pointwise --random-inputs --seed 5 --target c --output %t/pointwise.g3.0 --output %t/pointwise.g3.1 --output %t/pointwise.g3.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/pointwise.g3.ref.npy %t/pointwise.g3.portable.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-run %t/pointwise.mlir --entry pointwise --random-inputs --seed 5 --output %t/pointwise.g4.0 --output %t/pointwise.g4.1 --output %t/pointwise.g4.ref.npy
// RUN: strata-opt %t/pointwise.mlir '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=avx2},convert-linalg-to-loops,lower-affine))' > %t/pointwise.g4.v.mlir
// RUN: strata-run %t/pointwise.g4.v.mlir --entry pointwise --random-inputs --seed 5 --target c --output %t/pointwise.g4.0 --output %t/pointwise.g4.1 --output %t/pointwise.g4.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/pointwise.g4.ref.npy %t/pointwise.g4.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/pointwise.g4.v.mlir --entry pointwise --random-inputs --seed 5 --target c --output %t/pointwise.g4.0 --output %t/pointwise.g4.1 --output %t/pointwise.g4.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/pointwise.g4.ref.npy %t/pointwise.g4.portable.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-run %t/nchw1i8.mlir --entry nchw1i8 --random-inputs --seed 5 --output %t/nchw1i8.g0.0 --output %t/nchw1i8.g0.1 --output %t/nchw1i8.g0.ref.npy
// RUN: strata-opt %t/nchw1i8.mlir '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=avx2},convert-linalg-to-loops,lower-affine))' > %t/nchw1i8.g0.v.mlir
// RUN: strata-run %t/nchw1i8.g0.v.mlir --entry nchw1i8 --random-inputs --seed 5 --target c --output %t/nchw1i8.g0.0 --output %t/nchw1i8.g0.1 --output %t/nchw1i8.g0.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/nchw1i8.g0.ref.npy %t/nchw1i8.g0.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/nchw1i8.g0.v.mlir --entry nchw1i8 --random-inputs --seed 5 --target c --output %t/nchw1i8.g0.0 --output %t/nchw1i8.g0.1 --output %t/nchw1i8.g0.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/nchw1i8.g0.ref.npy %t/nchw1i8.g0.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: strata-run %t/nchw1i8.mlir --entry nchw1i8 --random-inputs --seed 5 --output %t/nchw1i8.g1.0 --output %t/nchw1i8.g1.1 --output %t/nchw1i8.g1.ref.npy
// RUN: strata-opt %t/nchw1i8.mlir '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=avx2 kc=12 mr=5},convert-linalg-to-loops,lower-affine))' > %t/nchw1i8.g1.v.mlir
// RUN: strata-run %t/nchw1i8.g1.v.mlir --entry nchw1i8 --random-inputs --seed 5 --target c --output %t/nchw1i8.g1.0 --output %t/nchw1i8.g1.1 --output %t/nchw1i8.g1.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/nchw1i8.g1.ref.npy %t/nchw1i8.g1.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/nchw1i8.g1.v.mlir --entry nchw1i8 --random-inputs --seed 5 --target c --output %t/nchw1i8.g1.0 --output %t/nchw1i8.g1.1 --output %t/nchw1i8.g1.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/nchw1i8.g1.ref.npy %t/nchw1i8.g1.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK
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
// int8: i16 pairs (K = 35: 18 words; B's 17 full pairs by _x86_pair_i8_i16,
// the odd last k element by element; A's rows by _x86_widen_i8_i16),
// vpmaddwd then an add; no offset or compensation buffer, no AMX.
// CHECK-LABEL: func.func @mmi8
// CHECK: memref.alloc() : memref<2x18x16xi32>
// CHECK: x86.call "_x86_pair_i8_i16"
// CHECK: arith.extsi
// CHECK: x86.call "_x86_widen_i8_i16"
// CHECK: x86.call "_mm256_madd_epi16"
// CHECK-NEXT: x86.call "_mm256_add_epi32"
// CHECK-NOT: _tile_
// CHECK-NOT: _mm512
// CHECK-LABEL: func.func @nhwc
// CHECK-NOT: linalg.conv
// CHECK: x86.call "_mm256_fmadd_ps"
// A two-row matmul takes the small-M kernel: B streamed, not packed; two
// FMA chains per row summed at the end.
// GEMV-NOT: memref.alloc
// GEMV: x86.call "_mm256_fmadd_ps"
// GEMV: x86.call "_mm256_add_ps"
// GEMV: x86.call "_mm256_maskstore_ps"
// Constant int8 weights (the pass on the module) are packed at compile time
// into i16 pairs: 41 rows -> 21 words, 21 columns -> 2 panels of 16.
// CONST-NOT: @wi8 :
// CONST: memref.global "private" constant @wi8__i16x2_b16 : memref<2x21x16xi32> = dense<
// CONST: memref.get_global @wi8__i16x2_b16
// CONST: x86.call "_mm256_madd_epi16"
// A unit-stride NCHW convolution through the GEMM packs its im2col panel
// a vector per k where the vector's pixels are in one output row (a run of
// OW = 9: some vectors of 8 straddle two rows and go lane by lane), a 1x1
// one over the whole map with every vector a load (both lowered with
// path=gemm, and by default: the flat direct kernel).
// RUN: strata-opt %t/nchw1.mlir '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=avx2 path=gemm}))' | FileCheck %s --check-prefix=IM2COL
// IM2COL: scf.if
// IM2COL: x86.call "_mm256_loadu_ps"
// IM2COL: } else {
// IM2COL: memref.load
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

//--- gemv.mlir
func.func @gemv(%a: memref<2x50xf32>, %b: memref<50x45xf32>, %c: memref<2x45xf32>) {
  linalg.matmul ins(%a, %b : memref<2x50xf32>, memref<50x45xf32>) outs(%c : memref<2x45xf32>)
  return
}

//--- mmconst.mlir
memref.global "private" constant @wi8 : memref<41x21xi8> = dense<"0x789B34CAF54F2E220ACD941E71B88D5836866D0D858B63549E94BE2CACC67F5B7EF28F2D9903959F63D3D893DCE752779C84162917EC8FF1AF4A6422D367E18D5EB6DFA465A5331F758E793EA95A94EB0D15B62A92A709A593A44ED2279662E3954580C351A904BA16E856BAB99431E06AD96A3A1E1F1C564C14FB7FA4123E95D166F4677BE0D2FB1270D7E37FDB6EFF60101282817C6A76D58548A61AA13BCE14FDC62FDC6B54AC97F1A1D76E89ADC8FE268F6116CA41891E55EDF1CEC76F016C5006833BCAC3711B6752A9F1E10D281139FA834715B9280598B1262BE8C3699FC677F9CC30273ABBDED4E322649AF5D83C55BE535A4CA7FDAD840256029F3D38F9F7267DD296B6755C001BA0EF9CE1E2C84880B9AE44DD2A495A92BE65B32F27CE5BA8BEA759990B0A2DB732515DFD273B58F5719BCF79FA719EBC75A7E7CCCDA091E0D206805EEABACEC60E4F22EAB19F2E84F771F4214C7A2399431853CB86097D50316910A2293E8A1F93584CD44229BA014FD24E6E98F722C0565383C89BCDA857C61FD80E8E099B4E2B503B07767604F45EE7C2AC586036F3B69CD3136C829DF4AD2A78A13513A5F3B4295A16FF7F136624AC469D3B0024738C091105F44A6DB87FB098C6CE1158D3FC2098906ADFA4596D09F5DF8DA9D0D1A46B838F2C0FCE869343A02C542F6C816EFF3AAE04E968552F7D303AA1974D265B0D5C698611A6A8BA53576E191B521D86FC356646C8F5FDA5B9DCCF12135C4EB7709779BA63B0C4BA397261B25E6C0A0D3C6197A4FE159CC95347C0EDB3B602E445E50FD66C3AA9971B28F6521F5C7BAA0A0BC3DF764615445D9277DEA0BE57B0B084AB104DBB64FDF13D25645149471AB129184C5A861D97F38F6BF1901F4793D51701B1B82466DD28D9109165645867292F050195D9212FAD56661F1F2147DF4535A6AD8D443C240250168BD99BB74EB9E97EE757F70D6385E7AA529B52A199A16BF79589BC54A13177A8635AE1319E100217015B727DBEC9C57BE2DD942DAF16315E1CD002C853DE1671BFAFB24300B1BA31C16DFAB4DD2EC8502CE5C66B0D2F92334041E9E0B2D0A2CD9ECA34AEC027F9DEBC7453DB913FAB12795EF576B5D8E1D53FFD06DCB7F08F6448AAB84E87F745FAC5F4B210DE825F5A09EB9C43170177AE4FA1A7E6768C1C2012E1387C73F2205359640263617007F7A7B287CF43">
func.func @mmconst(%a: memref<19x41xi8>, %c: memref<19x21xi32>) {
  %w = memref.get_global @wi8 : memref<41x21xi8>
  linalg.matmul ins(%a, %w : memref<19x41xi8>, memref<41x21xi8>) outs(%c : memref<19x21xi32>)
  return
}

//--- nchw1.mlir
func.func @nchw1(%i: memref<2x5x11x11xf32>, %w: memref<19x5x3x3xf32>, %o: memref<2x19x9x9xf32>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<[1, 1]> : tensor<2xi64>}
    ins(%i, %w : memref<2x5x11x11xf32>, memref<19x5x3x3xf32>) outs(%o : memref<2x19x9x9xf32>)
  return
}

//--- pointwise.mlir
func.func @pointwise(%i: memref<1x13x6x7xf32>, %w: memref<21x13x1x1xf32>, %o: memref<1x21x6x7xf32>) {
  linalg.conv_2d_nchw_fchw ins(%i, %w : memref<1x13x6x7xf32>, memref<21x13x1x1xf32>) outs(%o : memref<1x21x6x7xf32>)
  return
}

//--- nchw1i8.mlir
func.func @nchw1i8(%i: memref<2x5x11x11xi8>, %w: memref<19x5x3x3xi8>, %o: memref<2x19x9x9xi32>) {
  linalg.conv_2d_nchw_fchw ins(%i, %w : memref<2x5x11x11xi8>, memref<19x5x3x3xi8>) outs(%o : memref<2x19x9x9xi32>)
  return
}
