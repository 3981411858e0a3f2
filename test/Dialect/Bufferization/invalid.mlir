// Verifier messages of the bufferization ops, in MLIR 22's wording.
// RUN: strata-opt %s --split-input-file --verify-diagnostics
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --split-input-file --verify-diagnostics

func.func @alloc_sizes(%n: index) {
  // expected-error @+1 {{'bufferization.alloc_tensor' op incorrect number of dynamic sizes, has 1, expected 2}}
  %0 = bufferization.alloc_tensor(%n) : tensor<?x?xf32>
  return
}

// -----

func.func @alloc_copy_and_sizes(%t: tensor<?xf32>, %n: index) {
  // expected-error @+1 {{dynamic sizes not needed when copying a tensor}}
  %0 = bufferization.alloc_tensor(%n) copy(%t) : tensor<?xf32>
  return
}

// -----

func.func @materialize_memref_flags(%t: tensor<4xf32>, %m: memref<4xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op 'writable' must be specified if and only if the destination is of memref type}}
  bufferization.materialize_in_destination %t in %m : (tensor<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @materialize_tensor_flags(%t: tensor<4xf32>, %d: tensor<4xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op 'restrict' is valid only for memref destinations}}
  %0 = bufferization.materialize_in_destination %t in restrict writable %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @materialize_shapes(%t: tensor<4xf32>, %m: memref<8xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op source/destination shapes are incompatible}}
  bufferization.materialize_in_destination %t in restrict writable %m : (tensor<4xf32>, memref<8xf32>) -> ()
  return
}

// -----

func.func @materialize_rank(%t: tensor<4xf32>, %m: memref<4x1xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op rank mismatch between source and destination shape}}
  bufferization.materialize_in_destination %t in restrict writable %m : (tensor<4xf32>, memref<4x1xf32>) -> ()
  return
}
