// x86-vectorize's small-M f32 matmul (M <= 4;
// lowering/x86-vectorize/src/gemv.rs): M = 1, 3, 4, N and K tails, two
// column blocks. The C output against the interpreter on the original op,
// natively and with the emulation header; the structure with path=auto
// and path=gemm.

// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize,convert-linalg-to-loops,lower-affine))' > %t.mlir
// RUN: strata-run %s --entry gv1 --random-inputs --seed 11 --output %t.gv1.0 --output %t.gv1.1 --output %t.gv1.ref.npy
// RUN: strata-run %t.mlir --entry gv1 --random-inputs --seed 11 --target c --output %t.gv1.0 --output %t.gv1.1 --output %t.gv1.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.gv1.ref.npy %t.gv1.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t.mlir --entry gv1 --random-inputs --seed 11 --target c --output %t.gv1.0 --output %t.gv1.1 --output %t.gv1.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.gv1.ref.npy %t.gv1.portable.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-run %s --entry gv4 --random-inputs --seed 11 --output %t.gv4.0 --output %t.gv4.1 --output %t.gv4.ref.npy
// RUN: strata-run %t.mlir --entry gv4 --random-inputs --seed 11 --target c --output %t.gv4.0 --output %t.gv4.1 --output %t.gv4.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.gv4.ref.npy %t.gv4.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t.mlir --entry gv4 --random-inputs --seed 11 --target c --output %t.gv4.0 --output %t.gv4.1 --output %t.gv4.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.gv4.ref.npy %t.gv4.portable.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-run %s --entry gv3 --random-inputs --seed 11 --output %t.gv3.0 --output %t.gv3.1 --output %t.gv3.ref.npy
// RUN: strata-run %t.mlir --entry gv3 --random-inputs --seed 11 --target c --output %t.gv3.0 --output %t.gv3.1 --output %t.gv3.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.gv3.ref.npy %t.gv3.native.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t.mlir --entry gv3 --random-inputs --seed 11 --target c --output %t.gv3.0 --output %t.gv3.1 --output %t.gv3.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t.gv3.ref.npy %t.gv3.portable.npy --ulps 8 | FileCheck %s --check-prefix=OK
// RUN: strata-opt %s --x86-vectorize | FileCheck %s
// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{path=gemm}))' | FileCheck %s --check-prefix=GEMM

// OK: OK: {{[0-9]+}} elements

// The small-M matmul: no packing buffer at all.
// CHECK-LABEL: func.func @gv1
// CHECK-NOT: memref.alloc
// CHECK: x86.call "_mm512_set1_ps"
// CHECK: x86.call "_mm512_fmadd_ps"
// CHECK: x86.call "_mm512_mask_storeu_ps"
// CHECK-NOT: linalg.matmul
// GEMM-LABEL: func.func @gv1
// GEMM: memref.alloc() : memref<2x37x32xf32>
func.func @gv1(%a: memref<1x37xf32>, %b: memref<37x45xf32>, %c: memref<1x45xf32>) {
  linalg.matmul ins(%a, %b : memref<1x37xf32>, memref<37x45xf32>) outs(%c : memref<1x45xf32>)
  return
}

func.func @gv3(%a: memref<3x5xf32>, %b: memref<5x16xf32>, %c: memref<3x16xf32>) {
  linalg.matmul ins(%a, %b : memref<3x5xf32>, memref<5x16xf32>) outs(%c : memref<3x16xf32>)
  return
}

func.func @gv4(%a: memref<4x19xf32>, %b: memref<19x1030xf32>, %c: memref<4x1030xf32>) {
  linalg.matmul ins(%a, %b : memref<4x19xf32>, memref<19x1030xf32>) outs(%c : memref<4x1030xf32>)
  return
}
