// strata-tune on a small f32 matmul: 8 trials of CGA, every one valid, the
// best pipeline printed, and the module it writes (-o) computes what the
// interpreter computes on the original, checked here independently of the
// tuner's own check (compiled C against the interpreter, npy_compare).
// The printed pipeline, given to strata-opt as printed, writes the same
// module, and that module through strata-run --target c computes the
// interpreter's result.
// REQUIRES: strata-tune
// RUN: rm -f %t.jsonl
// RUN: strata-tune %s --entry mm --target x86 --trials 8 --seed 3 --log %t.jsonl --repeat 3 --warmup 1 -o %t.best.mlir > %t.out
// RUN: FileCheck %s < %t.out
// RUN: strata-run %t.best.mlir --entry mm --target c --random-inputs --seed 7 --output %t.a.npy --output %t.b.npy --output %t.c.npy
// RUN: strata-run %s --entry mm --random-inputs --seed 7 --output %t.a0.npy --output %t.b0.npy --output %t.c0.npy
// RUN: python3 %S/../utils/npy_compare.py %t.c0.npy %t.c.npy --ulps 8
// RUN: FileCheck %s --check-prefix=LOWERED < %t.best.mlir
// RUN: sed -n 's/^best pipeline: //p' %t.out | xargs strata-opt %s -o %t.opt.mlir
// RUN: diff %t.best.mlir %t.opt.mlir
// RUN: strata-run %t.opt.mlir --entry mm --target c --random-inputs --seed 7 --output %t.a1.npy --output %t.b1.npy --output %t.c1.npy
// RUN: python3 %S/../utils/npy_compare.py %t.c0.npy %t.c1.npy --ulps 8 | FileCheck %s --check-prefix=SAME

// CHECK:      @mm: 24x36x40 f32 matmul (M x N x K)
// CHECK-NEXT: cpu: {{.*}}avx2 (16 registers of 8 lanes){{.*}}; L1d {{[0-9]+}} KiB, L2 {{[0-9]+}} KiB
// CHECK-NEXT: trial  options
// CHECK:      isa={{avx2|avx512}} mr={{[0-9]+}} nr={{[0-9]+}} kc={{[0-9]+}} mc={{[0-9]+}} nc={{[0-9]+}} path=gemm
// CHECK:      8 trials (0 from the log, 8 measured now): 8 valid, 0 invalid
// CHECK-NEXT: best pipeline: --pass-pipeline='builtin.module(x86-vectorize{isa={{avx2|avx512}} mr={{[0-9]+}} nr={{[0-9]+}} kc={{[0-9]+}} mc={{[0-9]+}} nc={{[0-9]+}} path=gemm},symbol-dce,func.func(convert-linalg-to-loops,lower-affine,canonicalize,cse))'

// LOWERED:     func.func @mm
// LOWERED-NOT: linalg.matmul
// LOWERED:     x86.call

// SAME: OK: 864 elements within 8 ulps

func.func @mm(%a: memref<24x40xf32>, %b: memref<40x36xf32>, %c: memref<24x36xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<24x36xf32>)
  linalg.matmul ins(%a, %b : memref<24x40xf32>, memref<40x36xf32>) outs(%c : memref<24x36xf32>)
  return
}
