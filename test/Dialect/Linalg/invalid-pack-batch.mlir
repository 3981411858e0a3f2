// Verifier checks of linalg.pack/unpack (MLIR 22's commonVerifierPackAndUnPackOp
// and PackOp::verify, in their order), of batch_matmul/batch_reduce_matmul
// user maps (verifyExtendedBatchVariantMatmulSemantic) and of OpDSL payload
// element types (buildBinaryFn), with MLIR's messages. mlir-opt 22 accepts the
// same expectations.
// RUN: strata-opt %s --split-input-file --verify-diagnostics
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --split-input-file --verify-diagnostics

func.func @zero_tile(%a: tensor<32x8xf32>, %b: tensor<8x8x4x1xf32>) -> tensor<8x8x4x1xf32> {
  // expected-error@+1 {{invalid zero tile factor}}
  %0 = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [4, 0] into %b : tensor<32x8xf32> -> tensor<8x8x4x1xf32>
  return %0 : tensor<8x8x4x1xf32>
}

// -----

func.func @outer_perm_out_of_range(%a: tensor<16x8xf32>, %b: tensor<4x2x4x4xf32>) -> tensor<16x8xf32> {
  // expected-error@+1 {{invalid outer_dims_perm vector}}
  %0 = linalg.unpack %b outer_dims_perm = [0, 3] inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %a : tensor<4x2x4x4xf32> -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

func.func @repeated_inner_pos(%a: tensor<16x8xf32>, %b: tensor<4x2x4x4xf32>) -> tensor<4x2x4x4xf32> {
  // expected-error@+1 {{invalid inner_dims_pos vector}}
  %0 = linalg.pack %a inner_dims_pos = [0, 0] inner_tiles = [4, 4] into %b : tensor<16x8xf32> -> tensor<4x2x4x4xf32>
  return %0 : tensor<4x2x4x4xf32>
}

// -----

func.func @packed_rank(%a: tensor<16x8xf32>, %b: tensor<4x2x4xf32>) -> tensor<4x2x4xf32> {
  // expected-error@+1 {{packed rank != (unpacked rank + num tiling factors), got 3 != 4}}
  %0 = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %b : tensor<16x8xf32> -> tensor<4x2x4xf32>
  return %0 : tensor<4x2x4xf32>
}

// -----

func.func @tile_vs_packed_dim(%a: tensor<16x8xf32>, %b: tensor<4x2x4x?xf32>) -> tensor<4x2x4x?xf32> {
  // expected-error@+1 {{mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type}}
  %0 = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %b : tensor<16x8xf32> -> tensor<4x2x4x?xf32>
  return %0 : tensor<4x2x4x?xf32>
}

// -----

func.func @wrong_outer_sizes(%a: tensor<16x8xf32>, %b: tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32> {
  // expected-error@+1 {{expected 'tensor<4x2x4x4xf32>' for the packed domain value, got 'tensor<2x4x4x4xf32>'}}
  %0 = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %b : tensor<16x8xf32> -> tensor<2x4x4x4xf32>
  return %0 : tensor<2x4x4x4xf32>
}

// -----

func.func @partial_tile_needs_padding(%a: tensor<15x8xf32>, %b: tensor<4x2x4x4xf32>) -> tensor<4x2x4x4xf32> {
  // expected-error@+1 {{'linalg.pack' op invalid tile factor or output size provided. Only full tiles are supported when padding_value is not set}}
  %0 = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %b : tensor<15x8xf32> -> tensor<4x2x4x4xf32>
  return %0 : tensor<4x2x4x4xf32>
}

// -----

func.func @padding_type(%a: tensor<15x8xf32>, %b: tensor<4x2x4x4xf32>, %p: f16) -> tensor<4x2x4x4xf32> {
  // expected-error@+1 {{'linalg.pack' op expected padding_value has 'f32' but got: 'f16'}}
  %0 = linalg.pack %a padding_value(%p : f16) inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %b : tensor<15x8xf32> -> tensor<4x2x4x4xf32>
  return %0 : tensor<4x2x4x4xf32>
}

// -----

func.func @batch_map_count(%a: memref<2x3x4xf32>, %b: memref<2x4x5xf32>, %c: memref<2x3x5xf32>) {
  // expected-error@+1 {{'linalg.batch_matmul' op Indexing_map attribute must have 3 affine maps.}}
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>]
    ins(%a, %b : memref<2x3x4xf32>, memref<2x4x5xf32>) outs(%c : memref<2x3x5xf32>)
  return
}

// -----

func.func @batch_bad_broadcast(%a: memref<3xf32>, %b: memref<2x4x5xf32>, %c: memref<2x3x5xf32>) {
  // expected-error@+1 {{'linalg.batch_matmul' op Invalid broadcast requested.}}
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
    ins(%a, %b : memref<3xf32>, memref<2x4x5xf32>) outs(%c : memref<2x3x5xf32>)
  return
}

// -----

func.func @batch_dim_first(%a: memref<3x2x4xf32>, %b: memref<2x4x5xf32>, %c: memref<2x3x5xf32>) {
  // expected-error@+1 {{'linalg.batch_matmul' op Invalid batch dimension expression.}}
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (m, b, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
    ins(%a, %b : memref<3x2x4xf32>, memref<2x4x5xf32>) outs(%c : memref<2x3x5xf32>)
  return
}

// -----

func.func @batch_reduce_output(%a: memref<2x3x4xf32>, %b: memref<2x4x5xf32>, %c: memref<3x5xf32>) {
  // expected-error@+1 {{'linalg.batch_reduce_matmul' op Invalid output map result dimension.}}
  linalg.batch_reduce_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (n, m)>]
    ins(%a, %b : memref<2x3x4xf32>, memref<2x4x5xf32>) outs(%c : memref<3x5xf32>)
  return
}

// -----

func.func @unsigned_min_on_float(%i: tensor<1x6x2xf32>, %w: tensor<3xf32>, %o: tensor<1x4x2xf32>) -> tensor<1x4x2xf32> {
  // expected-error@+1 {{custom op 'linalg.pooling_nwc_min_unsigned' unsupported operation: unsigned min not on uint}}
  %0 = linalg.pooling_nwc_min_unsigned ins(%i, %w : tensor<1x6x2xf32>, tensor<3xf32>) outs(%o : tensor<1x4x2xf32>) -> tensor<1x4x2xf32>
  return %0 : tensor<1x4x2xf32>
}

// -----

func.func @mixed_add(%a: memref<4xi32>, %b: memref<4xf32>, %c: memref<4xf32>) {
  // expected-error@+1 {{custom op 'linalg.sub' Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or allInteger, got 'i32' and 'f32'}}
  linalg.sub ins(%a, %b : memref<4xi32>, memref<4xf32>) outs(%c : memref<4xf32>)
  return
}
