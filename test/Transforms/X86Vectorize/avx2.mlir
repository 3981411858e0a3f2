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
// RUN: strata-run %t/convconst.mlir --entry convconst --random-inputs --seed 5 --output %t/convconst.0 --output %t/convconst.ref.npy
// RUN: strata-opt %t/convconst.mlir '--pass-pipeline=builtin.module(x86-vectorize{isa=avx2},symbol-dce,func.func(convert-linalg-to-loops,lower-affine))' > %t/convconst.v.mlir
// RUN: FileCheck %s --check-prefix=CONVCONST < %t/convconst.v.mlir
// RUN: strata-run %t/convconst.v.mlir --entry convconst --random-inputs --seed 5 --target c --output %t/convconst.0 --output %t/convconst.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/convconst.ref.npy %t/convconst.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/convconst.v.mlir --entry convconst --random-inputs --seed 5 --target c --output %t/convconst.0 --output %t/convconst.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/convconst.ref.npy %t/convconst.portable.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-opt %t/convconst.mlir '--pass-pipeline=builtin.module(x86-vectorize{isa=avx2 path=gemm kc=20},symbol-dce,func.func(convert-linalg-to-loops,lower-affine))' > %t/convconst.small.mlir
// RUN: FileCheck %s --check-prefix=CONVGEMM < %t/convconst.small.mlir
// RUN: strata-run %t/convconst.small.mlir --entry convconst --random-inputs --seed 5 --target c --output %t/convconst.0 --output %t/convconst.small.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/convconst.ref.npy %t/convconst.small.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-run %t/flati8.mlir --entry flati8 --random-inputs --seed 5 --output %t/flati8.0 --output %t/flati8.ref.npy
// RUN: strata-opt %t/flati8.mlir '--pass-pipeline=builtin.module(x86-vectorize{isa=avx2 path=flat},symbol-dce,func.func(convert-linalg-to-loops,lower-affine))' > %t/flati8.v.mlir
// RUN: FileCheck %s --check-prefix=FLATI8 < %t/flati8.v.mlir
// RUN: strata-run %t/flati8.v.mlir --entry flati8 --random-inputs --seed 5 --target c --output %t/flati8.0 --output %t/flati8.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/flati8.ref.npy %t/flati8.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/flati8.v.mlir --entry flati8 --random-inputs --seed 5 --target c --output %t/flati8.0 --output %t/flati8.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/flati8.ref.npy %t/flati8.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: strata-opt %t/flati8.mlir '--pass-pipeline=builtin.module(x86-vectorize{isa=avx2 path=flat mr=3 nr=8},symbol-dce,func.func(convert-linalg-to-loops,lower-affine))' > %t/flati8.small.mlir
// RUN: strata-run %t/flati8.small.mlir --entry flati8 --random-inputs --seed 5 --target c --output %t/flati8.0 --output %t/flati8.small.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/flati8.ref.npy %t/flati8.small.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: strata-opt %t/flati8.mlir '--pass-pipeline=builtin.module(x86-vectorize{isa=avx2},symbol-dce,func.func(convert-linalg-to-loops,lower-affine))' > %t/flati8.gemm.mlir
// RUN: FileCheck %s --check-prefix=GEMMI8 < %t/flati8.gemm.mlir
// RUN: strata-run %t/flati8.gemm.mlir --entry flati8 --random-inputs --seed 5 --target c --output %t/flati8.0 --output %t/flati8.gemm.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/flati8.ref.npy %t/flati8.gemm.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/flati8.gemm.mlir --entry flati8 --random-inputs --seed 5 --target c --output %t/flati8.0 --output %t/flati8.gemmp.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/flati8.ref.npy %t/flati8.gemmp.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: strata-opt %t/flati8.mlir '--pass-pipeline=builtin.module(x86-vectorize{isa=avx2 mr=5 kc=12},symbol-dce,func.func(convert-linalg-to-loops,lower-affine))' > %t/flati8.gemm2.mlir
// RUN: strata-run %t/flati8.gemm2.mlir --entry flati8 --random-inputs --seed 5 --target c --output %t/flati8.0 --output %t/flati8.gemm2.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/flati8.ref.npy %t/flati8.gemm2.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: strata-run %t/chunks.mlir --entry chunks --random-inputs --seed 5 --output %t/chunks.0 --output %t/chunks.1 --output %t/chunks.ref.npy
// RUN: strata-opt %t/chunks.mlir '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=avx2},convert-linalg-to-loops,lower-affine))' > %t/chunks.v.mlir
// RUN: strata-run %t/chunks.v.mlir --entry chunks --random-inputs --seed 5 --target c --output %t/chunks.0 --output %t/chunks.1 --output %t/chunks.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/chunks.ref.npy %t/chunks.native.npy --ulps 16 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/chunks.v.mlir --entry chunks --random-inputs --seed 5 --target c --output %t/chunks.0 --output %t/chunks.1 --output %t/chunks.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/chunks.ref.npy %t/chunks.portable.npy --ulps 16 | FileCheck %s --check-prefix=OK
// OK: OK: {{[0-9]+}} elements

// f32 with at most 48 columns: 4 x 24 register blocks of 8-lane FMAs, B
// packed in 24-column panels (one full, then the 13-column tail in the
// same block), the tail stored through a lane mask; nothing AVX-512.
// K <= 512: A is packed per call into panels of the kernel's 4 rows (an M
// block of 32 rows: 8 panels of 30 k).
// CHECK-LABEL: func.func @mmf32
// CHECK: memref.alloc() : memref<2x30x24xf32>
// CHECK: memref.alloc() : memref<8x30x4xf32>
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
// A unit-stride 3x3 convolution takes the flat direct kernel: its constant
// weights are packed at compile time into panels of the kernel's filter
// group (19 filters, K = 5 x 3 x 3), and its input vectors are held in
// registers. Through the GEMM (path=gemm) they are A, in panels of its 6
// rows; no collapsed view left behind either way.
// CONVCONST-NOT: @wc :
// CONVCONST: memref.global "private" constant @wc__f32_a[[R:[0-9]+]] : memref<{{[0-9]+}}x45x[[R]]xf32> = dense<
// CONVCONST-NOT: memref.collapse_shape
// CONVCONST: memref.get_global @wc__f32_a[[R]]
// CONVCONST: x86.call "_x86_in_register_ps"
// CONVCONST: x86.call "_mm256_fmadd_ps"
// CONVGEMM-NOT: @wc :
// CONVGEMM: memref.global "private" constant @wc__f32_a6 : memref<4x45x6xf32> = dense<
// CONVGEMM-NOT: memref.collapse_shape
// CONVGEMM: memref.get_global @wc__f32_a6
// CONVGEMM: x86.call "_mm256_fmadd_ps"
// By default (the GEMM) constant int8 weights are A, packed at compile time
// into i16 pairs of consecutive k (K = 5 x 3 x 3 = 45: 23 words) in panels
// of 6 filters: no row of A is widened per call.
// int8 with path=flat (AVX2, constant weights): the input converted once to
// words of two channels' i16 (5 channels: 3 words, the last channel paired
// with itself against zero weights), the weights packed at compile time in
// such words, vpmaddwd then vpaddd per step; exact. By default int8 stays on
// the GEMM (its im2col packing per call).
// FLATI8-NOT: @wf :
// FLATI8: memref.global "private" constant @wf__i16x2c_a[[R:[0-9]+]] : memref<{{[0-9]+}}x27x[[R]]xi32> = dense<
// FLATI8: x86.call "_x86_pair_i8_i16"
// FLATI8: x86.call "_mm256_madd_epi16"
// FLATI8-NEXT: x86.call "_mm256_add_epi32"
// GEMMI8-NOT: @wf :
// GEMMI8: memref.global "private" constant @wf__i16x2_a6 : memref<2x23x6xi32> = dense<
// GEMMI8-NOT: _x86_widen_i8_i16
// GEMMI8: x86.call "_x86_pair_i8_i16"
// GEMMI8-NOT: _x86_widen_i8_i16
// GEMMI8: x86.call "_mm256_madd_epi16"
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

//--- convconst.mlir
memref.global "private" constant @wc : memref<19x5x3x3xf32> = dense<"0x998597BD84BA81BE5D1139BFFFAD3B3F8BB47CBF8F53B63BB6ED4B3F769F56BFB64ADE3D38E66E3EB60F6BBF92C477BE2A5DD03EB685C4BD8977E63E19892FBF442306BFE33147BF9E6C4D3C3800593F8E32393E2F650C3F20416EBE6200FC3EFCF14BBF6AD5D5BEEC6AB23E911FE73EB53E20BE5D1753BF65DDEEBE488914BF3111E0BE30781E3F56DD19BF30D6453F343D423FA6F263BF1B2F78BE7FCB87BC04FA73BF98291ABE0E15503FDFA146BF0257463ED2ED41BF9F2D213E37654A3F690918BF52C67BBF043F55BF48E5A23DD90E77BF4D9054BF0F8AD5BBA883573FB89E23BEB19E50BEF80B8E3E8B2B50BF436E233ED9A627BFDB005F3EB2A96A3F694364BF5987E13D30DE593E5D8E33BF0040EDBE6C617D3F2CF57E3F4CE041BF4666D23E5ADF663FF9C306BFCA96633EE0F769BF3A4589BEC24DB23EBCD9383EA69B0C3FEE9653BF16789CBEEF623A3F80512C3EA679C7BDF05A48BE62DE783FDD71183EA79876BF0147193F1566AFBE250B08BEABB912BF1551E5BD567FB3BEA38652BF509E843E7C3A4BBF6575113FF0FF72BFB5BA0F3F2C771D3F15F1AEBB8379D63EF5E300BFCF51F33EEB9519BE7CC009BF359B6D3FD4F24ABE4D1482BE0245383F7FC685BE8786AB3EDB6A28BF92C12F3FC2DFF6BE5F2466BF2455733F818C27BF2A9E643FC3EA783FE53A5A3E8EEB79BF50D060BF233215BF989363BEA273643E58D06E3FCCF594BE71FD37BF91ACFD3DDEB339BFB4AA53BF0936E53D20B1C83E166A5EBF5410C7BD74BCD03E5341073F3C9D6FBE053C463F5D6E29BF3FA3DC3EE21C0B3FE1B0423FCA5336BC31324DBF4D3067BF113D6C3D764127BFD0CB843E43DA54BFB26F0F3F8E200EBF335679BFEBF625BFF55DB1BD37ABF23D5BCB64BE066627BF6EF312BD6C93643FD81E913D6BF0613FA04471BFAA7E7C3F3D2A473F3FACB53D7A79403D4F0F983D7FAE513F696C5EBFE83C923EDCA6AC3D6579CCBE5153E63EF1F8E13E0D284BBF204FCC3E8255BEBD494EA0BC3B0B8C3EFEE364BF9DC6523EDEE681BE6DE9413F91AC09BF3070253F8719EB3EA8F87F3E556F403F8C916DBF8E92463E2DFC673E4D54B63E67203FBEA7B05CBF962F1FBFE86B5D3EF22A23BF80C85EBFD3B094BEA2C773BDF5B0913DD8B372BF0C180D3FA428AABEE3CD103FA79C7BBFDD77683F7ED2383E1EE6733F41FE783FB7622A3F879B49BFC0DD9ABEE39009BF245A0F3FD89C1DBFD7C40EBF9B5E47BF6C8342BFB052603F9DCF733F43A282BE70D7F63EFD1485BDAD55343DD8A485BE63F2893EEF1607BF8C7BF9BE2F0A123DF2F31ABFE3CEF8BD1D47633FC09D74BF52224BBFB495193F9C6762BFF0BBFEBE1D0A343FF68E573E47000FBFF6FD61BF4536E6BED0A5CCBE34BE193FD87B733F6F94123F26B24D3F34825C3F80CE403FF306573F31616F3FD1A84FBF84B2BABE367101BF5257553E6BE787BC53BB9CBEE8982C3FF9A84EBED00615BF6BFAE4BE67AC9CBD8A3D623E67290C3E8D08F6BDBC9820BF485D48BEE52CB3BE5BAB28BF32BDB33DC9741FBF51AED83EAA92A23E3F8039BF4E61803E910BA6BE68C6D8BDDD395A3EEDF0053FE463443FD627EF3E39D913BF66C8AB3DC494A8BEAF3576BF07E1D63D63DE70BD43DB3B3F268BB4BEB9C92A3F24BCE73C7E434DBFD71FDE3E9282DCBEA638893D2E6E5BBF04787ABFC18B573F597C6ABFA4A733BF1D642CBFA0D24EBF18EC253F2D8F7D3FBEC3983E861956BE34E1463FFE664B3CD5F53ABFE8C6C23EFD6390BE1299EBBE34DDB7BEEF6E6BBE6D9822BF2768663E46A03C3FF7F0103E5C297BBF18A1BC3ED7B275BF86C52DBDA2413B3F5566B53EF800513F6A5F023F16A5E8BE7A6B36BFB9BFC6BDB41BB83EE92F09BF7201ADBE3313FE3E6E019CBE80A14E3EE100BA3D2E955B3F449272BF218F20BF259D0E3F5A24AD3E6D8E4EBF3E1C3BBF481314BF48AEB03DB4004E3F271C11BF2C2818BF093EBE3E187F1DBEE77F313F297A7F3F00515F3F80D7DC3E74BCF8BB37D160BFC0C31D3F2FC64FBECF1695BD3851873E4A9A6D3FE649E53D84F4553FA1A26D3FB68954BF87DA94BE95EC463FE3E9083F872F703FF29820BF684A7F3DAEA05D3F5B1BA33D4B7DAE3E5228733F9D4427BF741363BF6E2E353F2905263E126B19BFC3242A3F61ADDDBE098F3DBF1535CFBE62896DBF05E440BEDF230F3FA349BCBD4AE06D3FD3896ABFEC6227BFA65C36BF0E76183E93C519BF1943AB3EA8133E3DF28C253ECDA3303F8068143F883B583FDE2132BF154D77BE9EB96B3F4D5553BE6F9ADBBEBDF914BD8A6323BF2658323FB2498B3E01954FBF3FB56D3F0D2E273D3233FCBE28BC663E2630663F2AD19CBEF0DC78BF18CA1ABF08F861BF7A666A3DED09C1BEA6FF333FFE6A16BF5A4678BFE3C390BD4AD740BF491EC2BE3E8B0CBF30C524BFB27A8B3E27575F3F4F0185BE97E48D3E541EB5BEC781543F559ED83D900271BF9A9FF73E368914BF74FD67BF8A1576BF4F362E3FBCE1D63E1B5891BE72FEEB3D8558D23E115A59BF77C2D23ED7C7D53EA37A623F79BA61BFD751143EE5C9863CF737313F602B8BBEAB54A63EFB474B3FF3D99ABE444DFC3CD980493FDF876EBF01B5723F847EBFBE13CBAEBDC871D9BE646B183F0FC2853D54ADFD3EC9D44ABF05C4423FBB45243FE2A4B83E6EEF0DBF3F26F6BEE361C4BDFCAB5EBF903A683FF3C63CBE9E1F683F3E5822BF8D9C973E3CF7183F20FB933E0A741DBE373576BF6E2104BE370C61BECBD6633F7478723FEBE9693F3ED9753F638529BF1DCF70BFD1E9D4BEDEF27BBF222743BF4B111E3EF52019BF36CA623E727474BEB458E7BECA48703F6CA120BFEDC4433F36C85B3D69E0A63EC44436BFD9D5FA3E6975473FAE921ABFD7F75EBDCCF89C3EB5424FBD2506013F31C6933E9875BEBE226BB93E0ED20B3FC8E795BDCF0D393E10DD893E01783DBD128752BFA40E3DBEFB550E3FB04EE53ED4025ABF93B333BD3BAA333ED3DB863D3D5033BF3E3B963EF015CA3E6339923D4014613F9FF81E3EE5B279BF0A4ADCBEFCE8CE3EA42457BF3E166E3FB7D1CB3E7FAC073F2C0029BF6D887CBF47003F3FD607B43CF662EDBDF813163D4451093F028E82BE51A60B3FCC192DBFE3E8753FB294C83E89C7B9BE44B13BBD8A43433FA196B2BED9CFCB3E7989513F64D96B3F8A20FABE20E8163FCA875E3EBBFB1D3FE1685CBFB02D32BEB563C6BDFC0A213F2F61C4BDC87B6ABFCCE414BF1BC0293F4307443F511F173ED62657BF0BDA0B3FEC7E3B3FF2F2D9BE389E14BD1351D6BE699F64BF457BEF3EFA9A2EBFC26C53BF949A513F87AA4EBFC6FA043F0E4E213FFB34FFBE68E382BE89DA0DBF2E15D53E907A723F03D6F93E378864BCA425993D22613CBE258ADB3ECE28ECBEEA5A02BF8808C93EBEF4FABEC7087A3FB0A5E83ED9D421BFC61275BFAFF0483E0D623BBF05B7BAB8FB254D3EE8F21D3F463765BE8E89BC3D9E08213FDF0B3BBF2CF9A7BE940C1E3F5F4D91BE68575C3FDEFF54BF9D8054BF92178CBE143293BDBB9687BED5160FBFAFB2D5BD77C4493F0611603F7E26813ECA3DF9BE1DE8283E265D2FBFA1D65FBFBC07173F2792EEBE10B92DBF07BE233FE15341BF21E706BF2E5532BF76E6483F1AF8B93E5A5523BF2B2A5BBF4C53503F813C3EBF16C5DB3E1FA5C23EFD87343EFC9C2CBD8DA12CBED316E0BEEA0E963E00D932BF2A703DBDE789F5BE956D87BE811D483F39E2093E10D8943E96E3963E70457FBF8EE9103FADFC3F3F7214FC3EAF00373D7604313F9A65633FED92E4BECAFA2BBF715AA6BE35B076BFAE9B07BF9EB655BF128D7BBF252E4DBE90D77CBFC81F1EBDA080333F5729DA3ED84865BF746CE93E3BA61EBF5D951C3F7849933EE6F8B43DB20B03BE8602763FBA7F14BF61104C3F1B2317BFD6DE4FBF5E8611BF76EF6CBF8C55293F7C5B21BFDECC153E2012E7BE63F090BE3B5D123FA62FCA3DEF6EEEBE36E3FA3EB67836BFD8196BBF1687C73EA067343F65C4073F5FFBC93EF08C5C3F643A5A3FA595093E353E25BFF758223E7A8215BE6460D53ED4BE9ABEC7D55ABFF7F31CBFE01637BF4342EE3E8FDCC03E4FDA863DEA8CBABEEC61EA3E4DF1D6BDEC4939BCA1571BBF5E737E3FAC4FEBBD22FF6BBDB59A15BF5E2AD5BD304B6FBD536119BE27E8F93EDAFEA8BE99A67B3E3443AE3E92C13ABF8058253F6A1E5CBF9630F8BE4890293F40FD42BFE086E5BE118832BE6F37643F240A703F9B7F10BFEB38903EE6C0283FEF6EE53C93E5BDBE52FE31BF47425CBF8D2469BF4A7567BFE77CE53E58953A3E25905DBF50805F3F07B6783F03BE2EBEF0158DBE4C42403F8A55A93E03FFFA3EEA9522BF1729EA3EB7D5EBBD6FA063BF886B67BF2A53F1BE0A0008BFA815EDBE13BB523F003C52BE938915BF25554ABF6A7263BF651341BE6DDE22BEE76E57BFCDA1073D5C439FBE913A76BFA1E555BD5B582FBF6EA723BFAA0E013FA63012BE2E7992BE21ABDF3D6F77EF3E8F38823E3D1C663F61C3DC3E93A6A2BE7F18683F33F877BF47B91FBF6FBA41BFF17672BECEC795BE830763BE65FB873E43D49BBE25A90CBD9574B53EBA395A3F051C6A3F93A486BE316E6BBE33897B3FE4F52D3FE245413FDE5C45BFCA8BD7BE27B31ABE4F8CC3BE512595BDA754633FB2EE65BE3BBB413C7191B4BED2D4353E17BEB93D6DED22BFD18A61BF542F013FD945293F4A85A5BE58DB19BF1C1C4CBFFA047C3ECD1C213E1CF05E3FE32DB63EE334163E6311413E5580513FCD42573F7C172ABF4D6A41BFBD5C3EBF3D8979BF">
func.func @convconst(%i: memref<2x5x11x11xf32>, %o: memref<2x19x9x9xf32>) {
  %w = memref.get_global @wc : memref<19x5x3x3xf32>
  linalg.conv_2d_nchw_fchw ins(%i, %w : memref<2x5x11x11xf32>, memref<19x5x3x3xf32>) outs(%o : memref<2x19x9x9xf32>)
  return
}

//--- flati8.mlir
memref.global "private" constant @wf : memref<7x5x3x3xi8> = dense<"0xE7EEE780807F5F30E49B482E15CAE75007201E12617B0FEDA7E1647796FF022BEA8ED02A82A175930F2337CD3794C52208006D6B1AF0C0CBD625658AAC2C9FAA07D13C447E33051EEEF95A60E56143D6C43BCAD76C008A9B0A6B5FC933154A6DE28404A897C525262E6A7C07BCBEE841F745C55D4E9F747F615164C6F728D718353713827AC883D7FB9659234074F5258F6C68082389D2E47F1E175A90BC432FB946E6A9471109F3B79F110A26F6229FA3452526E7BC1642AEB42BF227D50FFF07C3C20624292E3B83D5A9C6EAE1EC2A0F9E2CF60B7539FEF88205BC9A496756AFE2FF7BA7CF8065DC666DC470A26B4544FEB314208D5639E6F18C6DD3C3FCA1E7A426108E158FB59E0945CFE8610C887948183BE437BC276566F3835B05F1125B738BB151C9722CD2C642E6E86403C0AFEDA768323F6D7CC72C9E">
func.func @flati8(%i: memref<2x5x11x12xi8>, %o: memref<2x7x7x10xi32>) {
  %w = memref.get_global @wf : memref<7x5x3x3xi8>
  linalg.conv_2d_nchw_fchw {dilations = dense<[2, 1]> : tensor<2xi64>}
    ins(%i, %w : memref<2x5x11x12xi8>, memref<7x5x3x3xi8>) outs(%o : memref<2x7x7x10xi32>)
  return
}

//--- chunks.mlir
// 192 channels of 21-wide rows: the flat kernel keeps 8 output rows per
// chunk in L2 (dilation 2: a 4-row halo), so the 17 rows are two chunks
// and a 1-row rest.
func.func @chunks(%i: memref<1x192x21x21xf32>, %w: memref<7x192x3x3xf32>, %o: memref<1x7x17x17xf32>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>}
    ins(%i, %w : memref<1x192x21x21xf32>, memref<7x192x3x3xf32>) outs(%o : memref<1x7x17x17xf32>)
  return
}
