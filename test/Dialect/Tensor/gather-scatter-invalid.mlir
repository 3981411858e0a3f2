// The verifier of tensor.gather / tensor.scatter, messages as MLIR 22's.
// RUN: strata-opt %s --split-input-file --verify-diagnostics
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --split-input-file --verify-diagnostics

func.func @empty_dims(%t: tensor<4x5xf32>, %i: tensor<2x1xindex>) {
  // expected-error @+1 {{'tensor.gather' op gather_dims must be non-empty}}
  %0 = tensor.gather %t[%i] gather_dims([]) : (tensor<4x5xf32>, tensor<2x1xindex>) -> tensor<2x4x5xf32>
  return
}

// -----

func.func @overflow(%t: tensor<4xf32>, %i: tensor<2x2xindex>) {
  // expected-error @+1 {{'tensor.gather' op gather_dims overflow source rank}}
  %0 = tensor.gather %t[%i] gather_dims([0, 1]) : (tensor<4xf32>, tensor<2x2xindex>) -> tensor<2x1xf32>
  return
}

// -----

func.func @last_dim(%t: tensor<4x5xf32>, %i: tensor<2x3xindex>) {
  // expected-error @+1 {{'tensor.gather' op gather_dims length must match the size of last dimension of indices}}
  %0 = tensor.gather %t[%i] gather_dims([0]) : (tensor<4x5xf32>, tensor<2x3xindex>) -> tensor<2x1x5xf32>
  return
}

// -----

func.func @too_big(%t: tensor<4x5xf32>, %i: tensor<2x1xindex>) {
  // expected-error @+1 {{'tensor.gather' op gather_dims value must be smaller than source rank}}
  %0 = tensor.gather %t[%i] gather_dims([2]) : (tensor<4x5xf32>, tensor<2x1xindex>) -> tensor<2x4x5xf32>
  return
}

// -----

func.func @not_increasing(%t: tensor<4x5xf32>, %i: tensor<2x2xindex>) {
  // expected-error @+1 {{'tensor.gather' op gather_dims values must be strictly increasing}}
  %0 = tensor.gather %t[%i] gather_dims([1, 0]) : (tensor<4x5xf32>, tensor<2x2xindex>) -> tensor<2x1x1xf32>
  return
}

// -----

func.func @result_type(%t: tensor<4x5xf32>, %i: tensor<2x1xindex>) {
  // expected-error @+1 {{'tensor.gather' op result type mismatch: expected 'tensor<2x1x5xf32>' or its rank-reduced variant 'tensor<2x5xf32>' (got: 'tensor<2x4xf32>')}}
  %0 = tensor.gather %t[%i] gather_dims([0]) : (tensor<4x5xf32>, tensor<2x1xindex>) -> tensor<2x4xf32>
  return
}

// -----

func.func @indices_type(%t: tensor<4x5xf32>, %i: tensor<2x1xf32>) {
  // expected-error @+1 {{'tensor.gather' op operand #1 must be ranked tensor of signless integer or index values, but got 'tensor<2x1xf32>'}}
  %0 = tensor.gather %t[%i] gather_dims([0]) : (tensor<4x5xf32>, tensor<2x1xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @scatter_unique(%s: tensor<2x5xf32>, %t: tensor<4x5xf32>, %i: tensor<2x1xindex>) {
  // expected-error @+1 {{'tensor.scatter' op requires 'unique' attribute to be set}}
  %0 = tensor.scatter %s into %t[%i] scatter_dims([0]) : (tensor<2x5xf32>, tensor<4x5xf32>, tensor<2x1xindex>) -> tensor<4x5xf32>
  return
}

// -----

func.func @scatter_source(%s: tensor<2x4xf32>, %t: tensor<4x5xf32>, %i: tensor<2x1xindex>) {
  // expected-error @+1 {{'tensor.scatter' op source type mismatch: expected 'tensor<2x1x5xf32>' or its rank-reduced variant 'tensor<2x5xf32>' (got: 'tensor<2x4xf32>')}}
  %0 = tensor.scatter %s into %t[%i] scatter_dims([0]) unique : (tensor<2x4xf32>, tensor<4x5xf32>, tensor<2x1xindex>) -> tensor<4x5xf32>
  return
}

// -----

func.func @scatter_dims(%s: tensor<2x5xf32>, %t: tensor<4x5xf32>, %i: tensor<2x1xindex>) {
  // expected-error @+1 {{'tensor.scatter' op scatter_dims value must be smaller than dest rank}}
  %0 = tensor.scatter %s into %t[%i] scatter_dims([3]) unique : (tensor<2x5xf32>, tensor<4x5xf32>, tensor<2x1xindex>) -> tensor<4x5xf32>
  return
}
