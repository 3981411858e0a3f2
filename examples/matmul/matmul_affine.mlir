// A 64x64x64 f32 matrix multiplication, C = A * B, written with affine
// loops over memrefs. C is zeroed first, then accumulated in k order, so
// every element is the f32 sum ((0 + a0*b0) + a1*b1) + ... rounded after
// each step, which a plain Rust loop reproduces bit for bit.
//
// Run it:
//   strata-run examples/matmul/matmul_affine.mlir --entry matmul \
//     --input a.npy --input b.npy --input c.npy --output c_out.npy
// Lower it and run the result (the same numbers come out):
//   strata-opt examples/matmul/matmul_affine.mlir \
//     --pass-pipeline='builtin.module(lower-affine,convert-scf-to-cf)' \
//     --verify-equivalence > matmul_cf.mlir
// (tools/tests/matmul.rs does both and compares with a Rust reference.)

func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      affine.store %zero, %C[%i, %j] : memref<64x64xf32>
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<64x64xf32>
        %b = affine.load %B[%k, %j] : memref<64x64xf32>
        %c = affine.load %C[%i, %j] : memref<64x64xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x64xf32>
      }
    }
  }
  return
}
