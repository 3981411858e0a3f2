// A 100x70 * 70x50 f32 matrix multiplication as one linalg.matmul over
// memrefs (C += A * B), sizes that are not multiples of any vector width.
//
// Run it in the reference interpreter (the memref arguments after the call
// go to the --output files, in order):
//   strata-run examples/matmul/matmul_linalg.mlir --entry matmul --random-inputs --seed 1 \
//     --output a.npy --output b.npy --output c_ref.npy
// Vectorize it for x86 (AVX-512 FMA where the CPU has it, emulated
// intrinsics elsewhere) and run the emitted C; the results agree with the
// interpreter within FMA rounding (test/Transforms/X86Vectorize/):
//   strata-opt examples/matmul/matmul_linalg.mlir \
//     '--pass-pipeline=builtin.module(func.func(x86-vectorize,convert-linalg-to-loops,lower-affine,canonicalize,cse))' |
//   strata-run - --entry matmul --random-inputs --seed 1 --target c \
//     --output a.npy --output b.npy --output c_x86.npy
//   python3 test/utils/npy_compare.py c_ref.npy c_x86.npy --ulps 8

func.func @matmul(%A: memref<100x70xf32>, %B: memref<70x50xf32>, %C: memref<100x50xf32>) {
  linalg.matmul ins(%A, %B : memref<100x70xf32>, memref<70x50xf32>)
                outs(%C : memref<100x50xf32>)
  return
}
