// Ops one-shot-bufferize cannot bufferize fail the pass at the op, as in
// MLIR, unless allow-unknown-ops leaves them on tensors; it never emits
// invalid IR. Multi-block functions: the entry block is bufferized, tensors
// in other blocks are an error, and bufferize-function-boundaries refuses
// to convert their signature (it converted the entry block's arguments and
// left the signature, which the verifier rejects).
// RUN: strata-opt %s --split-input-file --verify-diagnostics --one-shot-bufferize
// RUN: strata-opt %s --split-input-file --one-shot-bufferize=allow-unknown-ops --verify-each | FileCheck %s --check-prefix=ALLOW
// RUN: not strata-opt %s --split-input-file --one-shot-bufferize=bufferize-function-boundaries 2>&1 | FileCheck %s --check-prefix=FB

// linalg.pack has no bufferization (mlir-opt 22 says the same).
// ALLOW-LABEL: func.func @pack
// ALLOW: memref.alloc() {alignment = 64 : i64} : memref<2x2x4x4xf32>
// ALLOW: bufferization.to_tensor
// ALLOW: linalg.pack %arg0 inner_dims_pos = [0, 1] inner_tiles = [4, 4] into
func.func @pack(%t: tensor<8x8xf32>) -> tensor<2x2x4x4xf32> {
  %e = tensor.empty() : tensor<2x2x4x4xf32>
  // expected-error @+1 {{op was not bufferized}}
  %p = linalg.pack %t inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %e : tensor<8x8xf32> -> tensor<2x2x4x4xf32>
  return %p : tensor<2x2x4x4xf32>
}

// -----

// ALLOW-LABEL: func.func @two_blocks
// ALLOW: ^bb2:
// ALLOW-NEXT: tensor.empty
// FB: error: bufferize-function-boundaries converts the signature of single-block functions only; this one has 3 blocks
func.func @two_blocks(%t: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %t : tensor<4xf32>
^bb2:
  // expected-error @+1 {{op was not bufferized: one-shot-bufferize bufferizes the entry block of a multi-block function only}}
  %e = tensor.empty() : tensor<4xf32>
  return %e : tensor<4xf32>
}

// -----

// A multi-block function without tensors in its other blocks is bufferized.
// ALLOW-LABEL: func.func @entry_only
// ALLOW: linalg.fill ins(%{{.*}} : f32) outs(%alloc : memref<4xf32>)
func.func @entry_only(%c: i1) -> f32 {
  %e = tensor.empty() : tensor<4xf32>
  %f = arith.constant 1.0 : f32
  %i = arith.constant 0 : index
  %x = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %x[%i] : tensor<4xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %v : f32
^bb2:
  return %f : f32
}
