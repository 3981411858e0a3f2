// Verifier messages of the structured ops, in MLIR 22's wording.
// RUN: strata-opt %s --split-input-file --verify-diagnostics
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --split-input-file --verify-diagnostics

func.func @too_few_maps(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected the number of indexing_map (1) to be equal to the number of input/output operands (2)}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @map_dims(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op invalid indexing maps are non-invertible: ((d0, d1) -> (d0, d0))}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @map_rank(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected operand #0 rank (1) to match the result rank of indexing_map (2)}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0, d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @yield_count(%a: memref<4xf32>, %b: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    // expected-error @+1 {{'linalg.yield' op expected number of yield values (2) to match the number of inits / outs operands of the enclosing LinalgOp (1)}}
    linalg.yield %x, %y : f32, f32
  }
  return
}

// -----

func.func @yield_type(%a: memref<4xf32>, %b: memref<4xf32>, %i: i32) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    // expected-error @+1 {{'linalg.yield' op type of yield operand 1 ('i32') doesn't match the element type of the enclosing linalg.generic op ('f32')}}
    linalg.yield %i : i32
  }
  return
}

// -----

func.func @block_arg_type(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected type of bb argument #0 ('i32') to match element or self type of the corresponding operand ('f32')}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%x: i32, %y: f32):
    linalg.yield %y : f32
  }
  return
}

// -----

func.func @block_arg_count(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected as many non-induction variable region arguments as the number of input/output operands}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @matmul_shapes(%a: memref<4x8xf32>, %b: memref<6x16xf32>, %c: memref<4x16xf32>) {
  // expected-error @+1 {{'linalg.matmul' op inferred input/output operand #1 has shape's dimension #0 to be 8, but found 6}}
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<6x16xf32>) outs(%c : memref<4x16xf32>)
  return
}

// -----

func.func @tensor_results(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected the number of tensor results (0) to be equal to the number of output tensors (1)}}
  "linalg.generic"(%a, %b) <{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }) : (tensor<4xf32>, tensor<4xf32>) -> ()
  return
}

// -----

func.func @window_too_small(%i: memref<1x4x4x1xf32>, %f: memref<3x3x1x1xf32>, %o: memref<1x3x3x1xf32>) {
  // expected-error @+1 {{'linalg.conv_2d_nhwc_hwcf' op inferred input/output operand #0 has shape's dimension #1 to be greater than or equal to 5, but found 4}}
  linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%i, %f : memref<1x4x4x1xf32>, memref<3x3x1x1xf32>) outs(%o : memref<1x3x3x1xf32>)
  return
}

// -----

func.func @bad_iterator(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @+1 {{unexpected iterator_type (sequential)}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["sequential"]} ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}
