// x86-vectorize's direct f32 convolution (stride-1 NCHW;
// lowering/x86-vectorize/src/direct_conv.rs): flat positions at the input's
// row width, 1x1 windows, a masked last vector, filter-group and block tails, batch 2,
// dilations, an input taller than the window needs. The C output against
// the interpreter on the original op, natively and with the emulation
// header; the structure with path=auto and path=gemm; a bad path option.

// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize,convert-linalg-to-loops,lower-affine))' > %t.mlir
// RUN: strata-run %s --entry dc --random-inputs --seed 11 --output %t.dc.0 --output %t.dc.1 --output %t.dc.ref.npy
// RUN: strata-run %t.mlir --entry dc --random-inputs --seed 11 --target c --output %t.dc.0 --output %t.dc.1 --output %t.dc.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.dc.ref.npy %t.dc.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t.mlir --entry dc --random-inputs --seed 11 --target c --output %t.dc.0 --output %t.dc.1 --output %t.dc.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.dc.ref.npy %t.dc.portable.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-run %s --entry dil --random-inputs --seed 11 --output %t.dil.0 --output %t.dil.1 --output %t.dil.ref.npy
// RUN: strata-run %t.mlir --entry dil --random-inputs --seed 11 --target c --output %t.dil.0 --output %t.dil.1 --output %t.dil.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.dil.ref.npy %t.dil.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t.mlir --entry dil --random-inputs --seed 11 --target c --output %t.dil.0 --output %t.dil.1 --output %t.dil.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.dil.ref.npy %t.dil.portable.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-run %s --entry pw --random-inputs --seed 11 --output %t.pw.0 --output %t.pw.1 --output %t.pw.ref.npy
// RUN: strata-run %t.mlir --entry pw --random-inputs --seed 11 --target c --output %t.pw.0 --output %t.pw.1 --output %t.pw.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.pw.ref.npy %t.pw.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-opt %s --x86-vectorize | FileCheck %s
// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{path=gemm}))' | FileCheck %s --check-prefix=GEMM
// RUN: not strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{path=fast}))' 2>&1 | FileCheck %s --check-prefix=BAD

// OK: OK: {{[0-9]+}} elements
// BAD: for the path option: Cannot find option named 'fast'! (expected auto, gemm, flat, blocked or pointwise)

// The direct kernel: accumulators start at zero, a per-group result
// buffer, no packed panel; the GEMM packs the input (im2col) instead.
// CHECK-LABEL: func.func @dc
// CHECK: memref.alloc() : memref<{{[0-9]+}}x80xf32>
// CHECK: x86.call "_mm512_setzero_ps"
// CHECK: x86.call "_mm512_maskz_loadu_ps"
// CHECK: x86.call "_mm512_fmadd_ps"
// CHECK: x86.call "_mm512_add_ps"
// CHECK-NOT: linalg.conv_2d_nchw_fchw
// GEMM-LABEL: func.func @dc
// GEMM: memref.alloc() : memref<2x5x32xf32>
func.func @dc(%i: memref<2x5x9x11xf32>, %w: memref<19x5x3x3xf32>, %o: memref<2x19x7x9xf32>) {
  linalg.conv_2d_nchw_fchw ins(%i, %w : memref<2x5x9x11xf32>, memref<19x5x3x3xf32>) outs(%o : memref<2x19x7x9xf32>)
  return
}

func.func @dil(%i: memref<1x3x13x40xf32>, %w: memref<7x3x2x3xf32>, %o: memref<1x7x10x36xf32>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>} ins(%i, %w : memref<1x3x13x40xf32>, memref<7x3x2x3xf32>) outs(%o : memref<1x7x10x36xf32>)
  return
}

// 1x1 (pointwise), batch 2, 33 filters: no window offsets, no dropped columns.
func.func @pw(%i: memref<2x9x5x7xf32>, %w: memref<33x9x1x1xf32>, %o: memref<2x33x5x7xf32>) {
  linalg.conv_2d_nchw_fchw ins(%i, %w : memref<2x9x5x7xf32>, memref<33x9x1x1xf32>) outs(%o : memref<2x33x5x7xf32>)
  return
}
