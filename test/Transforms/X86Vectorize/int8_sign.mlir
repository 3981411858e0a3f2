// The AVX2 int8 kernels' run-time test of the activations' sign
// (gemm::emit_by_sign): where the bytes form without the +128 offset
// would be faster than what the constant weights prove exact for every
// activation, x86-vectorize emits both, and `_x86_nonnegative_i8` (one
// pass over the activations) picks the form without the offset when none
// is negative: u8 x s8 with activations in [0, 127] cannot saturate an
// i16 pair sum for any weights (2 x 127 x 128 = 32512), nor two words'
// sums when the weights are 7-bit (4 x 64 x 127 = 32512).
//
// mmfull and cvfull have full-range weights (columns and filters all
// -128, all 127, alternating, random): exact for all activations only as
// i16 pairs, for non-negative ones as one word per vpmaddwd. mm7 and cv7
// have 7-bit weights at their bounds: one word with the offset, two
// without. Each runs on activations from npy_int8.py, full range (the
// first row all 127, a third -128: the pairs or the offset form) and
// --nonnegative (the first row 127, a third 0: the form without offset),
// natively and emulated, and must equal the interpreter bit for bit.
// mmfull zero-fills its output first (the fill is erased, both forms
// start from zero accumulators) and has K blocks of 16. cvfull's output
// rows are 9 pixels, so its 8-lane vectors cross rows (packed a row
// segment at a time by _x86_quad_i8); cvfs2 has stride 2 (packed element
// by element). cvb2 has a batch of 2, whose second image's last
// activation is the only negative one in cvb.l.npy: the test must read the
// whole input and take the pairs.
//
// RUN: split-file %s %t
// RUN: python3 %S/../../utils/npy_int8.py %t/mm.x.npy 23x42 --seed 3
// RUN: python3 %S/../../utils/npy_int8.py %t/mm.p.npy 23x42 --seed 3 --nonnegative
// RUN: python3 %S/../../utils/npy_int8.py %t/cv.x.npy 1x6x9x11 --seed 4
// RUN: python3 %S/../../utils/npy_int8.py %t/cv.p.npy 1x6x9x11 --seed 4 --nonnegative
// RUN: python3 %S/../../utils/npy_int8.py %t/cvb.p.npy 2x6x9x11 --seed 4 --nonnegative
// RUN: python3 %S/../../utils/npy_int8.py %t/cvb.l.npy 2x6x9x11 --seed 4 --nonnegative --last -128

// RUN: strata-opt %t/mmfull.mlir '--pass-pipeline=builtin.module(x86-vectorize{isa=avx2 kc=16},symbol-dce,func.func(convert-linalg-to-loops,lower-affine))' > %t/mmfull.v.mlir
// RUN: FileCheck %s --check-prefix=FULL --strict-whitespace < %t/mmfull.v.mlir
// RUN: strata-run %t/mmfull.mlir --entry mmfull --input %t/mm.x.npy --random-inputs --seed 5 --output %t/mmfull.0 --output %t/mmfull.x.ref.npy
// RUN: strata-run %t/mmfull.v.mlir --entry mmfull --input %t/mm.x.npy --random-inputs --seed 5 --target c --output %t/mmfull.0 --output %t/mmfull.x.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mmfull.x.ref.npy %t/mmfull.x.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/mmfull.v.mlir --entry mmfull --input %t/mm.x.npy --random-inputs --seed 5 --target c --output %t/mmfull.0 --output %t/mmfull.x.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mmfull.x.ref.npy %t/mmfull.x.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: strata-run %t/mmfull.mlir --entry mmfull --input %t/mm.p.npy --random-inputs --seed 5 --output %t/mmfull.0 --output %t/mmfull.p.ref.npy
// RUN: strata-run %t/mmfull.v.mlir --entry mmfull --input %t/mm.p.npy --random-inputs --seed 5 --target c --output %t/mmfull.0 --output %t/mmfull.p.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mmfull.p.ref.npy %t/mmfull.p.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/mmfull.v.mlir --entry mmfull --input %t/mm.p.npy --random-inputs --seed 5 --target c --output %t/mmfull.0 --output %t/mmfull.p.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mmfull.p.ref.npy %t/mmfull.p.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK

// RUN: strata-opt %t/mm7.mlir '--pass-pipeline=builtin.module(x86-vectorize{isa=avx2},symbol-dce,func.func(convert-linalg-to-loops,lower-affine))' > %t/mm7.v.mlir
// RUN: FileCheck %s --check-prefix=SEVEN --strict-whitespace < %t/mm7.v.mlir
// RUN: strata-run %t/mm7.mlir --entry mm7 --input %t/mm.x.npy --random-inputs --seed 5 --output %t/mm7.0 --output %t/mm7.x.ref.npy
// RUN: strata-run %t/mm7.v.mlir --entry mm7 --input %t/mm.x.npy --random-inputs --seed 5 --target c --output %t/mm7.0 --output %t/mm7.x.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mm7.x.ref.npy %t/mm7.x.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/mm7.v.mlir --entry mm7 --input %t/mm.x.npy --random-inputs --seed 5 --target c --output %t/mm7.0 --output %t/mm7.x.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mm7.x.ref.npy %t/mm7.x.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: strata-run %t/mm7.mlir --entry mm7 --input %t/mm.p.npy --random-inputs --seed 5 --output %t/mm7.0 --output %t/mm7.p.ref.npy
// RUN: strata-run %t/mm7.v.mlir --entry mm7 --input %t/mm.p.npy --random-inputs --seed 5 --target c --output %t/mm7.0 --output %t/mm7.p.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mm7.p.ref.npy %t/mm7.p.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/mm7.v.mlir --entry mm7 --input %t/mm.p.npy --random-inputs --seed 5 --target c --output %t/mm7.0 --output %t/mm7.p.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mm7.p.ref.npy %t/mm7.p.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK

// RUN: strata-opt %t/cvfull.mlir '--pass-pipeline=builtin.module(x86-vectorize{isa=avx2},symbol-dce,func.func(convert-linalg-to-loops,lower-affine))' > %t/cvfull.v.mlir
// RUN: FileCheck %s --check-prefix=CVFULL --strict-whitespace < %t/cvfull.v.mlir
// RUN: strata-run %t/cvfull.mlir --entry cvfull --input %t/cv.x.npy --random-inputs --seed 5 --output %t/cvfull.0 --output %t/cvfull.x.ref.npy
// RUN: strata-run %t/cvfull.v.mlir --entry cvfull --input %t/cv.x.npy --random-inputs --seed 5 --target c --output %t/cvfull.0 --output %t/cvfull.x.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/cvfull.x.ref.npy %t/cvfull.x.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/cvfull.v.mlir --entry cvfull --input %t/cv.x.npy --random-inputs --seed 5 --target c --output %t/cvfull.0 --output %t/cvfull.x.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/cvfull.x.ref.npy %t/cvfull.x.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: strata-run %t/cvfull.mlir --entry cvfull --input %t/cv.p.npy --random-inputs --seed 5 --output %t/cvfull.0 --output %t/cvfull.p.ref.npy
// RUN: strata-run %t/cvfull.v.mlir --entry cvfull --input %t/cv.p.npy --random-inputs --seed 5 --target c --output %t/cvfull.0 --output %t/cvfull.p.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/cvfull.p.ref.npy %t/cvfull.p.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/cvfull.v.mlir --entry cvfull --input %t/cv.p.npy --random-inputs --seed 5 --target c --output %t/cvfull.0 --output %t/cvfull.p.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/cvfull.p.ref.npy %t/cvfull.p.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK

// RUN: strata-opt %t/cvfs2.mlir '--pass-pipeline=builtin.module(x86-vectorize{isa=avx2},symbol-dce,func.func(convert-linalg-to-loops,lower-affine))' > %t/cvfs2.v.mlir
// RUN: FileCheck %s --check-prefix=CVS2 --strict-whitespace < %t/cvfs2.v.mlir
// RUN: strata-run %t/cvfs2.mlir --entry cvfs2 --input %t/cv.x.npy --random-inputs --seed 5 --output %t/cvfs2.0 --output %t/cvfs2.x.ref.npy
// RUN: strata-run %t/cvfs2.v.mlir --entry cvfs2 --input %t/cv.x.npy --random-inputs --seed 5 --target c --output %t/cvfs2.0 --output %t/cvfs2.x.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/cvfs2.x.ref.npy %t/cvfs2.x.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: strata-run %t/cvfs2.mlir --entry cvfs2 --input %t/cv.p.npy --random-inputs --seed 5 --output %t/cvfs2.0 --output %t/cvfs2.p.ref.npy
// RUN: strata-run %t/cvfs2.v.mlir --entry cvfs2 --input %t/cv.p.npy --random-inputs --seed 5 --target c --output %t/cvfs2.0 --output %t/cvfs2.p.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/cvfs2.p.ref.npy %t/cvfs2.p.native.npy --ulps 0 | FileCheck %s --check-prefix=OK

// RUN: strata-opt %t/cv7.mlir '--pass-pipeline=builtin.module(x86-vectorize{isa=avx2},symbol-dce,func.func(convert-linalg-to-loops,lower-affine))' > %t/cv7.v.mlir
// RUN: FileCheck %s --check-prefix=CV7 --strict-whitespace < %t/cv7.v.mlir
// RUN: strata-run %t/cv7.mlir --entry cv7 --input %t/cv.x.npy --random-inputs --seed 5 --output %t/cv7.0 --output %t/cv7.x.ref.npy
// RUN: strata-run %t/cv7.v.mlir --entry cv7 --input %t/cv.x.npy --random-inputs --seed 5 --target c --output %t/cv7.0 --output %t/cv7.x.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/cv7.x.ref.npy %t/cv7.x.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/cv7.v.mlir --entry cv7 --input %t/cv.x.npy --random-inputs --seed 5 --target c --output %t/cv7.0 --output %t/cv7.x.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/cv7.x.ref.npy %t/cv7.x.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: strata-run %t/cv7.mlir --entry cv7 --input %t/cv.p.npy --random-inputs --seed 5 --output %t/cv7.0 --output %t/cv7.p.ref.npy
// RUN: strata-run %t/cv7.v.mlir --entry cv7 --input %t/cv.p.npy --random-inputs --seed 5 --target c --output %t/cv7.0 --output %t/cv7.p.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/cv7.p.ref.npy %t/cv7.p.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/cv7.v.mlir --entry cv7 --input %t/cv.p.npy --random-inputs --seed 5 --target c --output %t/cv7.0 --output %t/cv7.p.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/cv7.p.ref.npy %t/cv7.p.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: strata-opt %t/cvb2.mlir '--pass-pipeline=builtin.module(x86-vectorize{isa=avx2},symbol-dce,func.func(convert-linalg-to-loops,lower-affine))' > %t/cvb2.v.mlir
// RUN: FileCheck %s --check-prefix=CVB2 --strict-whitespace < %t/cvb2.v.mlir
// RUN: strata-run %t/cvb2.mlir --entry cvb2 --input %t/cvb.p.npy --random-inputs --seed 5 --output %t/cvb2.0 --output %t/cvb2.p.ref.npy
// RUN: strata-run %t/cvb2.v.mlir --entry cvb2 --input %t/cvb.p.npy --random-inputs --seed 5 --target c --output %t/cvb2.0 --output %t/cvb2.p.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/cvb2.p.ref.npy %t/cvb2.p.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/cvb2.v.mlir --entry cvb2 --input %t/cvb.p.npy --random-inputs --seed 5 --target c --output %t/cvb2.0 --output %t/cvb2.p.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/cvb2.p.ref.npy %t/cvb2.p.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: strata-run %t/cvb2.mlir --entry cvb2 --input %t/cvb.l.npy --random-inputs --seed 5 --output %t/cvb2.0 --output %t/cvb2.l.ref.npy
// RUN: strata-run %t/cvb2.v.mlir --entry cvb2 --input %t/cvb.l.npy --random-inputs --seed 5 --target c --output %t/cvb2.0 --output %t/cvb2.l.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/cvb2.l.ref.npy %t/cvb2.l.native.npy --ulps 0 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/cvb2.v.mlir --entry cvb2 --input %t/cvb.l.npy --random-inputs --seed 5 --target c --output %t/cvb2.0 --output %t/cvb2.l.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/cvb2.l.ref.npy %t/cvb2.l.portable.npy --ulps 0 | FileCheck %s --check-prefix=OK

// OK: bit-exact

//--- mmfull.mlir
memref.global "private" constant @wf : memref<42x21xi8> = dense<"0x807F809C807F8030807F8085807F805A807F800180807F7FFA807F7F58807F7F68807F7FD4807F7FCF80807F80C2807F80B5807F8005807F8076807F807E80807F7F92807F7F24807F7F59807F7F13807F7F5580807F8031807F80A6807F80C8807F8000807F808780807F7FC9807F7F4F807F7F90807F7FBE807F7FD480807F801B807F80D8807F8067807F8074807F809C80807F7F17807F7FA6807F7FC9807F7F2A807F7FD480807F8084807F8093807F808D807F8002807F809280807F7FB4807F7FD5807F7FC8807F7FCB807F7F1E80807F8064807F80B4807F801C807F80AE807F80B280807F7F41807F7F0F807F7FF3807F7FDD807F7F6180807F80C8807F80CC807F8048807F8072807F80D780807F7F60807F7FAC807F7FF5807F7FFE807F7FD080807F80F0807F803E807F80B8807F805A807F809280807F7F56807F7FC6807F7F5B807F7FD0807F7FC180807F8071807F8063807F80AB807F80A7807F804880807F7FAF807F7FDA807F7F3A807F7F9B807F7F4E80807F8053807F80A9807F8010807F80EC807F805280807F7FDA807F7F6C807F7FC6807F7FE8807F7FF680807F8034807F80AF807F80AC807F8032807F801B80807F7FC7807F7FA2807F7FFB807F7F26807F7F3C80807F8062807F8069807F8037807F8016807F804580807F7F8F807F7FE7807F7F37807F7F48807F7F4680807F8003807F8041807F807E807F80E8807F80C480807F7F0B807F7F88807F7FDC807F7F64807F7F7F80807F8030807F8032807F8081807F80CE807F80FF80807F7F7B807F7F59807F7FF2807F7F54807F7F3580807F8014807F80EE807F8095807F80DE807F80F580807F7F20807F7F51807F7FC2807F7F57807F7F3A80807F8011807F80F9807F8082807F8047807F805580807F7FE1807F7F29807F7F7B807F7FB0807F7F8580807F80DA807F80CB807F80A5807F8067807F80A480807F7FE8807F7F00807F7FD0807F7F45807F7FD180807F8099807F80F1807F800F807F80F5807F805A80807F7F45807F7FF8807F7F96807F7F41807F7F3C80807F800A807F802B807F80A3807F8018807F800480807F7F89807F7FD9807F7F6A807F7FB2807F7FE880807F809D807F808E807F803B807F808C807F806280807F7F6C807F7FAC807F7F48807F7F2A807F7F9D80807F8097807F80A3807F80C2807F80C3807F808980807F7F66807F7F60807F7F34807F7F60807F7F6480">
func.func @mmfull(%x: memref<23x42xi8>, %y: memref<23x21xi32>) {
  %w = memref.get_global @wf : memref<42x21xi8>
  %zero = arith.constant 0 : i32
  linalg.fill ins(%zero : i32) outs(%y : memref<23x21xi32>)
  linalg.matmul ins(%x, %w : memref<23x42xi8>, memref<42x21xi8>) outs(%y : memref<23x21xi32>)
  return
}

//--- mm7.mlir
memref.global "private" constant @w7 : memref<42x21xi8> = dense<"0xC03FC0C1C03FC0F5C03FC02AC03FC0C3C03FC0D8C0C03F3FECC03F3FC5C03F3F15C03F3FDDC03F3FC1C0C03FC027C03FC030C03FC02CC03FC020C03FC0E7C0C03F3F28C03F3F39C03F3FF7C03F3F39C03F3F15C0C03FC0CCC03FC011C03FC00DC03FC00AC03FC0C7C0C03F3FEEC03F3FEBC03F3F11C03F3F29C03F3FDDC0C03FC0D3C03FC0FFC03FC01AC03FC0D2C03FC0EBC0C03F3F18C03F3F2BC03F3FC5C03F3FC2C03F3F04C0C03FC0D6C03FC0F6C03FC0D3C03FC01DC03FC03DC0C03F3FE6C03F3FCAC03F3F18C03F3FE1C03F3FD7C0C03FC000C03FC028C03FC00DC03FC004C03FC039C0C03F3F19C03F3FC0C03F3FD7C03F3FC2C03F3F2BC0C03FC033C03FC019C03FC010C03FC032C03FC00FC0C03F3F18C03F3FC5C03F3F2EC03F3F29C03F3FF4C0C03FC022C03FC0C1C03FC039C03FC009C03FC0C3C0C03F3F0DC03F3FFAC03F3FD0C03F3FFCC03F3FEEC0C03FC0F7C03FC02DC03FC019C03FC03DC03FC0CFC0C03F3F08C03F3F01C03F3F15C03F3FE6C03F3F37C0C03FC0EEC03FC01DC03FC013C03FC0F5C03FC03FC0C03F3F1AC03F3F1FC03F3F17C03F3FF4C03F3FF1C0C03FC0F7C03FC026C03FC000C03FC0F0C03FC0D4C0C03F3FFAC03F3FE0C03F3FD3C03F3F3BC03F3FE4C0C03FC0D6C03FC0D0C03FC0CEC03FC01DC03FC021C0C03F3F23C03F3F33C03F3FCDC03F3FEFC03F3F19C0C03FC0C5C03FC039C03FC01CC03FC0C1C03FC02FC0C03F3FF3C03F3F08C03F3F2BC03F3F0CC03F3FFFC0C03FC010C03FC02FC03FC0DEC03FC014C03FC01BC0C03F3FCDC03F3FF8C03F3FD8C03F3FF0C03F3F09C0C03FC037C03FC0D8C03FC0FEC03FC0E3C03FC035C0C03F3F36C03F3FDCC03F3F21C03F3FFDC03F3FCDC0C03FC00FC03FC0CDC03FC0F7C03FC02EC03FC023C0C03F3FFAC03F3FF4C03F3FDAC03F3F3BC03F3F25C0C03FC0E1C03FC039C03FC0FBC03FC0CAC03FC0FBC0C03F3FC7C03F3F01C03F3FFAC03F3FF3C03F3FD0C0C03FC008C03FC0FEC03FC00EC03FC0FFC03FC0ECC0C03F3FD0C03F3FEAC03F3F3AC03F3FD4C03F3F11C0C03FC015C03FC0CFC03FC028C03FC02AC03FC0D4C0C03F3FEBC03F3FD9C03F3F39C03F3F11C03F3FCEC0C03FC0EEC03FC0D6C03FC0D6C03FC0DCC03FC0EAC0C03F3F32C03F3FDEC03F3F19C03F3FFFC03F3F32C0C03FC0E9C03FC0CFC03FC0D8C03FC0F8C03FC0D5C0C03F3F25C03F3F0AC03F3F22C03F3F3BC03F3FCBC0">
func.func @mm7(%x: memref<23x42xi8>, %y: memref<23x21xi32>) {
  %w = memref.get_global @w7 : memref<42x21xi8>
  linalg.matmul ins(%x, %w : memref<23x42xi8>, memref<42x21xi8>) outs(%y : memref<23x21xi32>)
  return
}

//--- cvfull.mlir
memref.global "private" constant @wcf : memref<7x6x3x3xi8> = dense<"0x8080808080808080808080808080808080808080808080808080808080808080808080808080808080808080808080808080808080807F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F916B1049D6A01B4E2C3589DD070FEF7A1C511FEA5D5F2F2F00DD728F79B07C8E7AFB22EEF92277B529C9CF267ED5BEC5AC691957A8E98080808080808080808080808080808080808080808080808080808080808080808080808080808080808080808080808080808080807F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F">
func.func @cvfull(%x: memref<1x6x9x11xi8>, %y: memref<1x7x7x9xi32>) {
  %w = memref.get_global @wcf : memref<7x6x3x3xi8>
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : memref<1x6x9x11xi8>, memref<7x6x3x3xi8>) outs(%y : memref<1x7x7x9xi32>)
  return
}

//--- cvfs2.mlir
memref.global "private" constant @wcf : memref<7x6x3x3xi8> = dense<"0x8080808080808080808080808080808080808080808080808080808080808080808080808080808080808080808080808080808080807F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F916B1049D6A01B4E2C3589DD070FEF7A1C511FEA5D5F2F2F00DD728F79B07C8E7AFB22EEF92277B529C9CF267ED5BEC5AC691957A8E98080808080808080808080808080808080808080808080808080808080808080808080808080808080808080808080808080808080807F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F">
func.func @cvfs2(%x: memref<1x6x9x11xi8>, %y: memref<1x7x4x5xi32>) {
  %w = memref.get_global @wcf : memref<7x6x3x3xi8>
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : memref<1x6x9x11xi8>, memref<7x6x3x3xi8>) outs(%y : memref<1x7x4x5xi32>)
  return
}

//--- cvb2.mlir
memref.global "private" constant @wcf : memref<7x6x3x3xi8> = dense<"0x8080808080808080808080808080808080808080808080808080808080808080808080808080808080808080808080808080808080807F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F916B1049D6A01B4E2C3589DD070FEF7A1C511FEA5D5F2F2F00DD728F79B07C8E7AFB22EEF92277B529C9CF267ED5BEC5AC691957A8E98080808080808080808080808080808080808080808080808080808080808080808080808080808080808080808080808080808080807F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F7F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F807F">
func.func @cvb2(%x: memref<2x6x9x11xi8>, %y: memref<2x7x7x9xi32>) {
  %w = memref.get_global @wcf : memref<7x6x3x3xi8>
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : memref<2x6x9x11xi8>, memref<7x6x3x3xi8>) outs(%y : memref<2x7x7x9xi32>)
  return
}

//--- cv7.mlir
memref.global "private" constant @wc7 : memref<7x6x3x3xi8> = dense<"0xC0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C03F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03F331FE53AE0E1D73EF4E1F3DBC4E32BF4E2EC352E243F04EB1EE0CDD1221403C3C6DEDAE6DD02C61CFC04FB0BF529EE16DEF3D2E20A28C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C0C03F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03FC03F">
func.func @cv7(%x: memref<1x6x9x11xi8>, %y: memref<1x7x7x9xi32>) {
  %w = memref.get_global @wc7 : memref<7x6x3x3xi8>
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : memref<1x6x9x11xi8>, memref<7x6x3x3xi8>) outs(%y : memref<1x7x7x9xi32>)
  return
}

// FULL-NOT: @wf :
// FULL-DAG: memref.global "private" constant @wf__i16x2_b16 : memref<2x21x16xi32> = dense<
// FULL-DAG: memref.global "private" constant @wf__i8x4_b16 : memref<2x11x16xi32> = dense<
// FULL-NOT: __comp_
// FULL-LABEL: func.func @mmfull
// FULL-NOT: linalg.fill
// FULL: %[[NONNEG:.*]] = x86.call "_x86_nonnegative_i8"(%{{.*}}, %c966_i32)
// FULL: %[[C:.*]] = arith.cmpi ne, %[[NONNEG]], %c0_i32
// FULL: scf.if %[[C]] {
// FULL-NOT: _x86_widen_i8_i16
// FULL: x86.call "_x86_copy_i8_words"
// FULL-NOT: _x86_widen_i8_i16
// FULL: x86.call "_mm256_maddubs_epi16"
// FULL-NOT: _mm256_add_epi16"
// FULL: {{^}}    } else {
// FULL-NOT: maddubs
// FULL: x86.call "_x86_widen_i8_i16"
// FULL-NOT: maddubs

// SEVEN-NOT: @w7 :
// SEVEN-DAG: memref.global "private" constant @w7__i8x4_b16 : memref<2x11x16xi32> = dense<
// SEVEN-DAG: memref.global "private" constant @w7__comp_b16 : memref<2x16xi32> = dense<
// SEVEN-LABEL: func.func @mm7
// SEVEN: x86.call "_x86_nonnegative_i8"(%{{.*}}, %c966_i32)
// SEVEN: x86.call "_x86_copy_i8_words"
// SEVEN: x86.call "_mm256_maddubs_epi16"
// SEVEN: x86.call "_mm256_maddubs_epi16"
// SEVEN: x86.call "_mm256_add_epi16"
// SEVEN: {{^}}    } else {
// SEVEN: x86.call "_x86_flip_i8_u8"
// SEVEN: x86.call "_mm256_maddubs_epi16"
// SEVEN-NOT: _mm256_add_epi16"

// CVFULL-NOT: @wcf :
// CVFULL-DAG: memref.global "private" constant @wcf__i16x2_a6 : memref<2x27x6xi32> = dense<
// CVFULL-DAG: memref.global "private" constant @wcf__i8x4_a6 : memref<2x14x6xi32> = dense<
// CVFULL-NOT: __comp_
// CVFULL-LABEL: func.func @cvfull
// CVFULL: x86.call "_x86_nonnegative_i8"(%{{.*}}, %c594_i32)
// CVFULL: x86.call "_x86_quad_i8"
// CVFULL: x86.call "_mm256_maddubs_epi16"
// CVFULL-NOT: _mm256_add_epi16"
// CVFULL: {{^}}    } else {
// CVFULL-NOT: maddubs
// CVFULL: x86.call "_x86_pair_i8_i16"
// CVFULL-NOT: maddubs

// CVS2-LABEL: func.func @cvfs2
// CVS2-NOT: _x86_quad
// CVS2: x86.call "_x86_nonnegative_i8"(%{{.*}}, %c594_i32)
// CVS2-NOT: _x86_quad
// CVS2: x86.call "_mm256_maddubs_epi16"
// CVS2: {{^}}    } else {
// CVS2-NOT: maddubs
// CVS2: x86.call "_mm256_madd_epi16"
// CVS2-NOT: maddubs

// CV7-DAG: memref.global "private" constant @wc7__i8x4_a6 : memref<2x14x6xi32> = dense<
// CV7-DAG: memref.global "private" constant @wc7__comp_a6 : memref<2x6xi32> = dense<
// CV7-LABEL: func.func @cv7
// CV7: x86.call "_x86_nonnegative_i8"(%{{.*}}, %c594_i32)
// CV7: x86.call "_x86_quad_i8"
// CV7: x86.call "_mm256_add_epi16"
// CV7: {{^}}    } else {
// CV7: x86.call "_x86_quad_u8"
// CV7: x86.call "_mm256_maddubs_epi16"
// CV7-NOT: _mm256_add_epi16"

// CVB2-LABEL: func.func @cvb2
// CVB2: x86.call "_x86_nonnegative_i8"(%{{.*}}, %c1188_i32)
// CVB2: x86.call "_x86_quad_i8"
// CVB2: {{^}}    } else {
// CVB2: x86.call "_x86_pair_i8_i16"
