// Verifier and parser messages of the named structured ops and of the ops
// with their own verify() (fill, transpose, broadcast, reduce, map, matmul
// with user maps, contract), in MLIR 22's wording and order: an op's own
// checks come before the structured-interface checks on shapes.
// RUN: strata-opt %s --split-input-file --verify-diagnostics
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --split-input-file --verify-diagnostics

func.func @index_outside(%m: memref<4xf32>) {
  // expected-error @+1 {{'linalg.index' op expected parent op with LinalgOp interface}}
  %i = linalg.index 0 : index
  return
}

// -----

func.func @index_too_deep(%m: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%m : memref<4xf32>) {
  ^bb0(%o: f32):
    // expected-error @+1 {{'linalg.index' op expected dim (1) to be lower than the number of loops (1) of the enclosing LinalgOp}}
    %i = linalg.index 1 : index
    linalg.yield %o : f32
  }
  return
}

// -----

func.func @yield_outside(%x: f32) {
  // expected-error @+1 {{'linalg.yield' op expected parent op with LinalgOp interface}}
  linalg.yield %x : f32
}

// -----

func.func @fill_type(%t: tensor<3xi8>, %v: i32) -> tensor<3xi8> {
  // expected-error @+1 {{'linalg.fill' op expected fill value type ('i32') to match output element type ('i8')}}
  %0 = linalg.fill ins(%v : i32) outs(%t : tensor<3xi8>) -> tensor<3xi8>
  return %0 : tensor<3xi8>
}

// -----

func.func @fill_shaped_value(%t: tensor<3xf32>, %v: memref<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{expected op with scalar input}}
  %0 = linalg.fill ins(%v : memref<3xf32>) outs(%t : tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @dot_scalar_out(%a: memref<8xf32>, %b: memref<8xf32>, %c: f32) {
  // expected-error @+1 {{'linalg.dot' op operand #2 must be variadic of shaped of any type values, but got 'f32'}}
  linalg.dot ins(%a, %b : memref<8xf32>, memref<8xf32>) outs(%c : f32)
  return
}

// -----

func.func @vecmat_result_type(%a: tensor<8xf32>, %b: tensor<8x4xf32>, %c: tensor<4xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'linalg.vecmat' op expected type of operand #2 ('tensor<4xf32>') to match type of corresponding result ('tensor<?xf32>')}}
  %0 = linalg.vecmat ins(%a, %b : tensor<8xf32>, tensor<8x4xf32>) outs(%c : tensor<4xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @mixed(%a: tensor<8xf32>, %b: memref<8xf32>, %c: memref<f32>) {
  // expected-error @+1 {{'linalg.dot' op expected to have pure tensor or buffer semantics}}
  linalg.dot ins(%a, %b : tensor<8xf32>, memref<8xf32>) outs(%c : memref<f32>)
  return
}

// -----

func.func @exp_arity(%a: memref<8xf32>, %b: memref<8xf32>) {
  // expected-error @+2 {{custom op 'linalg.exp' [parseNamedStructuredOpRegion] ods-gen generated region expects 2 args, got 3}}
  linalg.exp ins(%a, %a : memref<8xf32>, memref<8xf32>) outs(%b : memref<8xf32>)
  return
}

// -----

func.func @pool_window_out_of_bounds(%i: memref<1x5x2xf32>, %w: memref<3xf32>, %o: memref<1x4x2xf32>) {
  // expected-error @+1 {{'linalg.pooling_nwc_sum' op inferred input/output operand #0 has shape's dimension #1 to be greater than or equal to 6, but found 5}}
  linalg.pooling_nwc_sum ins(%i, %w : memref<1x5x2xf32>, memref<3xf32>) outs(%o : memref<1x4x2xf32>)
  return
}

// -----

func.func @negative_index(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op unexpected result less than 0 at expression #0 in (d0) -> (-d0 + 2)}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (2 - d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @symbols(%a: memref<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op unexpected symbols in indexing_map #0}}
  linalg.generic {indexing_maps = [affine_map<(d0)[s0] -> (d0)>], iterator_types = ["parallel"]} outs(%a : memref<4xf32>) {
  ^bb0(%y: f32):
    linalg.yield %y : f32
  }
  return
}

// -----

func.func @no_iterators(%a: memref<4xf32>) {
  // expected-error @+1 {{custom op 'linalg.generic' expected "iterator_types" array attribute}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>]} outs(%a : memref<4xf32>) {
  ^bb0(%y: f32):
    linalg.yield %y : f32
  }
  return
}

// -----

func.func @matmul_bad_dim(%a: memref<4x8xf32>, %b: memref<8x2xf32>, %c: memref<4x2xf32>) {
  // expected-error @+1 {{'linalg.matmul' op Unexpected dim expression in map result.}}
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : memref<4x8xf32>, memref<8x2xf32>) outs(%c : memref<4x2xf32>)
  return
}

// -----

func.func @matmul_bad_bcast(%a: memref<8xf32>, %b: memref<8x2xf32>, %c: memref<8x2xf32>) {
  // expected-error @+1 {{'linalg.matmul' op Invalid broadcast requested, should be (d2).}}
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : memref<8xf32>, memref<8x2xf32>) outs(%c : memref<8x2xf32>)
  return
}

// -----

func.func @contract_no_maps(%a: memref<4x8xf32>, %b: memref<8x2xf32>, %c: memref<4x2xf32>) {
  // expected-error @+1 {{custom op 'linalg.contract' expected 'indexing_maps' attribute}}
  linalg.contract ins(%a, %b : memref<4x8xf32>, memref<8x2xf32>) outs(%c : memref<4x2xf32>)
  return
}

// -----

func.func @contract_no_reduction(%a: memref<4xf32>, %b: memref<2xf32>, %c: memref<4x2xf32>) {
  // expected-error @+1 {{'indexing_maps' do not specify a contracting dimension}}
  linalg.contract indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>] ins(%a, %b : memref<4xf32>, memref<2xf32>) outs(%c : memref<4x2xf32>)
  return
}

// -----

func.func @contract_unused_dim(%a: memref<4x8xf32>, %b: memref<8x2xf32>, %c: memref<4x2xf32>) {
  // expected-error @+1 {{iteration space dim at index 3 not used to access any operand}}
  linalg.contract indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2)>, affine_map<(d0, d1, d2, d3) -> (d2, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>] ins(%a, %b : memref<4x8xf32>, memref<8x2xf32>) outs(%c : memref<4x2xf32>)
  return
}

// -----

func.func @transpose_perm(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'linalg.transpose' op permutation is not valid}}
  %0 = linalg.transpose ins(%a : tensor<2x3xf32>) outs(%b : tensor<3x2xf32>) permutation = [0, 0]
  return %0 : tensor<3x2xf32>
}

// -----

func.func @transpose_dims(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'linalg.transpose' op dim(result, 0) = 2 doesn't match dim(input, permutation[0]) = 3}}
  %0 = linalg.transpose ins(%a : tensor<2x3xf32>) outs(%b : tensor<2x3xf32>) permutation = [1, 0]
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_dim(%a: tensor<2xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'linalg.broadcast' op dimension 0 is out of range. expected range: [0, 1], got: 2}}
  %0 = linalg.broadcast ins(%a : tensor<2xf32>) outs(%b : tensor<2x3xf32>) dimensions = [2]
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reduce_init(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'linalg.reduce' op init dimensions [3] doesn't match input dimensions after reduction [2]}}
  %0 = linalg.reduce ins(%a : tensor<2x3xf32>) outs(%b : tensor<3xf32>) dimensions = [1]
    (%x: f32, %y: f32) {
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<3xf32>
}

// -----

func.func @reduce_unsorted(%a: tensor<2x3x4xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'linalg.reduce' op attribute 'dimensions' failed to satisfy constraint: i64 dense array attribute should be in increasing order}}
  %0 = linalg.reduce ins(%a : tensor<2x3x4xf32>) outs(%b : tensor<3xf32>) dimensions = [2, 0]
    (%x: f32, %y: f32) {
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<3xf32>
}

// -----

func.func @map_shape(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'linalg.map' op expected shape of input (4) to match shape of output (5)}}
  %0 = linalg.map ins(%a : tensor<4xf32>) outs(%b : tensor<5xf32>)
    (%x: f32, %y: f32) {
      linalg.yield %x : f32
    }
  return %0 : tensor<5xf32>
}
