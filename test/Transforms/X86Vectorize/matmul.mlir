// x86-vectorize on linalg.matmul: the vectorized C (strata-run --target c)
// against the interpreter on the original op, random inputs, shapes whose
// M, N and K are not multiples of the microkernel (row tails, masked column
// tails, partial K blocks), default and tiny block sizes (several blocks per
// level). Each kernel runs natively (AVX-512 / VNNI when the CPU has them),
// with every intrinsic emulated (STRATA_X86_ISA=portable), and for int8 with
// VNNI masked out (STRATA_X86_ISA=avx512: the VNNI function falls back to its
// emulation), and int8 through AMX tiles (isa=amx; emulated where the CPU
// or the kernel has no AMX, or with STRATA_X86_ISA=vnni). The VNNI runs
// name isa=vnni (the default, AMX with a VNNI fallback, is amx.mlir's). f32: within 8
// ulps of the output's largest magnitude (FMA
// rounds once where the interpreter rounds twice); int8: bit-exact.

// RUN: strata-run %s --entry mmf32 --random-inputs --seed 11 --output %t.mmf32.0 --output %t.mmf32.1 --output %t.mmf32.ref.npy
// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize,convert-linalg-to-loops,lower-affine))' > %t.mmf32.mlir
// RUN: strata-run %t.mmf32.mlir --entry mmf32 --random-inputs --seed 11 --target c --output %t.mmf32.0 --output %t.mmf32.1 --output %t.mmf32.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.mmf32.ref.npy %t.mmf32.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t.mmf32.mlir --entry mmf32 --random-inputs --seed 11 --target c --output %t.mmf32.0 --output %t.mmf32.1 --output %t.mmf32.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.mmf32.ref.npy %t.mmf32.portable.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-run %s --entry mmf32 --random-inputs --seed 11 --output %t.mmf32.0 --output %t.mmf32.1 --output %t.mmf32.ref.npy
// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{mr=5 nr=48 kc=7 mc=10 nc=48},convert-linalg-to-loops,lower-affine))' > %t.mmf32.small.mlir
// RUN: strata-run %t.mmf32.small.mlir --entry mmf32 --random-inputs --seed 11 --target c --output %t.mmf32.0 --output %t.mmf32.1 --output %t.mmf32.small.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.mmf32.ref.npy %t.mmf32.small.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t.mmf32.small.mlir --entry mmf32 --random-inputs --seed 11 --target c --output %t.mmf32.0 --output %t.mmf32.1 --output %t.mmf32.small.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.mmf32.ref.npy %t.mmf32.small.portable.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-run %s --entry mmi8 --random-inputs --seed 11 --output %t.mmi8.0 --output %t.mmi8.1 --output %t.mmi8.ref.npy
// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=vnni},convert-linalg-to-loops,lower-affine))' > %t.mmi8.mlir
// RUN: strata-run %t.mmi8.mlir --entry mmi8 --random-inputs --seed 11 --target c --output %t.mmi8.0 --output %t.mmi8.1 --output %t.mmi8.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.mmi8.ref.npy %t.mmi8.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t.mmi8.mlir --entry mmi8 --random-inputs --seed 11 --target c --output %t.mmi8.0 --output %t.mmi8.1 --output %t.mmi8.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.mmi8.ref.npy %t.mmi8.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=avx512 strata-run %t.mmi8.mlir --entry mmi8 --random-inputs --seed 11 --target c --output %t.mmi8.0 --output %t.mmi8.1 --output %t.mmi8.avx512.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.mmi8.ref.npy %t.mmi8.avx512.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: strata-run %s --entry mmi8 --random-inputs --seed 11 --output %t.mmi8.0 --output %t.mmi8.1 --output %t.mmi8.ref.npy
// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=vnni mr=5 nr=16 kc=6 mc=10 nc=16},convert-linalg-to-loops,lower-affine))' > %t.mmi8.small.mlir
// RUN: strata-run %t.mmi8.small.mlir --entry mmi8 --random-inputs --seed 11 --target c --output %t.mmi8.0 --output %t.mmi8.1 --output %t.mmi8.small.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.mmi8.ref.npy %t.mmi8.small.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t.mmi8.small.mlir --entry mmi8 --random-inputs --seed 11 --target c --output %t.mmi8.0 --output %t.mmi8.1 --output %t.mmi8.small.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.mmi8.ref.npy %t.mmi8.small.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: strata-run %s --entry tiny --random-inputs --seed 11 --output %t.tiny.0 --output %t.tiny.1 --output %t.tiny.ref.npy
// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize,convert-linalg-to-loops,lower-affine))' > %t.tiny.mlir
// RUN: strata-run %t.tiny.mlir --entry tiny --random-inputs --seed 11 --target c --output %t.tiny.0 --output %t.tiny.1 --output %t.tiny.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.tiny.ref.npy %t.tiny.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t.tiny.mlir --entry tiny --random-inputs --seed 11 --target c --output %t.tiny.0 --output %t.tiny.1 --output %t.tiny.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.tiny.ref.npy %t.tiny.portable.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-run %s --entry tinyi8 --random-inputs --seed 11 --output %t.tinyi8.0 --output %t.tinyi8.1 --output %t.tinyi8.ref.npy
// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=vnni},convert-linalg-to-loops,lower-affine))' > %t.tinyi8.mlir
// RUN: strata-run %t.tinyi8.mlir --entry tinyi8 --random-inputs --seed 11 --target c --output %t.tinyi8.0 --output %t.tinyi8.1 --output %t.tinyi8.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.tinyi8.ref.npy %t.tinyi8.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t.tinyi8.mlir --entry tinyi8 --random-inputs --seed 11 --target c --output %t.tinyi8.0 --output %t.tinyi8.1 --output %t.tinyi8.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.tinyi8.ref.npy %t.tinyi8.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK

// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=amx},convert-linalg-to-loops,lower-affine))' > %t.mmi8.amx.mlir
// RUN: strata-run %t.mmi8.amx.mlir --entry mmi8 --random-inputs --seed 11 --target c --output %t.mmi8.0 --output %t.mmi8.1 --output %t.mmi8.amx.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.mmi8.ref.npy %t.mmi8.amx.native.npy | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t.mmi8.amx.mlir --entry mmi8 --random-inputs --seed 11 --target c --output %t.mmi8.0 --output %t.mmi8.1 --output %t.mmi8.amx.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.mmi8.ref.npy %t.mmi8.amx.portable.npy | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=vnni strata-run %t.mmi8.amx.mlir --entry mmi8 --random-inputs --seed 11 --target c --output %t.mmi8.0 --output %t.mmi8.1 --output %t.mmi8.amx.vnni.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.mmi8.ref.npy %t.mmi8.amx.vnni.npy | FileCheck %s --check-prefix=OK
// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=amx},convert-linalg-to-loops,lower-affine))' > %t.tinyi8.amx.mlir
// RUN: strata-run %t.tinyi8.amx.mlir --entry tinyi8 --random-inputs --seed 11 --target c --output %t.tinyi8.0 --output %t.tinyi8.1 --output %t.tinyi8.amx.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.tinyi8.ref.npy %t.tinyi8.amx.native.npy | FileCheck %s --check-prefix=OK

// OK: OK: {{[0-9]+}} elements

func.func @mmf32(%a: memref<31x37xf32>, %b: memref<37x45xf32>, %c: memref<31x45xf32>) {
  linalg.matmul ins(%a, %b : memref<31x37xf32>, memref<37x45xf32>) outs(%c : memref<31x45xf32>)
  return
}

func.func @mmi8(%a: memref<29x39xi8>, %b: memref<39x67xi8>, %c: memref<29x67xi32>) {
  linalg.matmul ins(%a, %b : memref<29x39xi8>, memref<39x67xi8>) outs(%c : memref<29x67xi32>)
  return
}

func.func @tiny(%a: memref<3x2xf32>, %b: memref<2x5xf32>, %c: memref<3x5xf32>) {
  linalg.matmul ins(%a, %b : memref<3x2xf32>, memref<2x5xf32>) outs(%c : memref<3x5xf32>)
  return
}

func.func @tinyi8(%a: memref<1x3xi8>, %b: memref<3x17xi8>, %c: memref<1x17xi32>) {
  linalg.matmul ins(%a, %b : memref<1x3xi8>, memref<3x17xi8>) outs(%c : memref<1x17xi32>)
  return
}
