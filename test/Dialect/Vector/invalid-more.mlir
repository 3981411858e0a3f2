// RUN: strata-opt %s --split-input-file --verify-diagnostics
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --split-input-file --verify-diagnostics

// Verifier and parser messages of vector.shuffle, vector.insert,
// vector.outerproduct and vector.transfer_read, as MLIR 22 words them.

func.func @shuffle_elt(%a: vector<2xf32>, %b: vector<2xi32>) {
  // expected-error@+1 {{'vector.shuffle' op failed to verify that second operand v2 and result have same element type}}
  %1 = vector.shuffle %a, %b [0, 1] : vector<2xf32>, vector<2xi32>
  return
}

// -----

func.func @shuffle_rank(%a: vector<2xf32>, %b: vector<4x2xf32>) {
  // expected-error@+1 {{'vector.shuffle' op rank mismatch}}
  %1 = vector.shuffle %a, %b [0, 1] : vector<2xf32>, vector<4x2xf32>
  return
}

// -----

func.func @shuffle_dims(%a: vector<2x2xf32>, %b: vector<2x4xf32>) {
  // expected-error@+1 {{'vector.shuffle' op dimension mismatch}}
  %1 = vector.shuffle %a, %b [0, 1] : vector<2x2xf32>, vector<2x4xf32>
  return
}

// -----

func.func @shuffle_range(%a: vector<2xf32>, %b: vector<2xf32>) {
  // expected-error@+1 {{'vector.shuffle' op mask index #3 out of range}}
  %1 = vector.shuffle %a, %b [0, 3, 4] : vector<2xf32>, vector<2xf32>
  return
}

// -----

func.func @shuffle_empty(%a: vector<2xf32>, %b: vector<2xf32>) {
  // expected-error@+1 {{'vector.shuffle' op invalid mask length}}
  %1 = vector.shuffle %a, %b [] : vector<2xf32>, vector<2xf32>
  return
}

// -----

func.func @insert_scalar_rank(%a: f32, %b: vector<4x8xf32>) {
  // expected-error@+1 {{expected position attribute rank to match the dest vector rank}}
  %1 = vector.insert %a, %b[3] : f32 into vector<4x8xf32>
  return
}

// -----

func.func @outer_operands(%a: f32) {
  // expected-error@+1 {{custom op 'vector.outerproduct' expected at least 2 operands}}
  %1 = vector.outerproduct %a : f32, f32
  return
}

// -----

func.func @outer_rank(%a: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.outerproduct' op expected 1-d vector for operand #1}}
  %1 = vector.outerproduct %a, %a : vector<4x8xf32>, vector<4x8xf32>
  return
}

// -----

func.func @outer_axpy_result(%a: vector<4xf32>, %s: f32) {
  // expected-error@+1 {{'vector.outerproduct' op expected 1-d vector result}}
  %1 = "vector.outerproduct" (%a, %s) : (vector<4xf32>, f32) -> (vector<4x8xf32>)
  return
}

// -----

func.func @outer_acc(%a: vector<4xf32>, %b: vector<8xf32>, %c: vector<4x16xf32>) {
  // expected-error@+1 {{'vector.outerproduct' op expected operand #3 of same type as result type}}
  %1 = "vector.outerproduct" (%a, %b, %c) : (vector<4xf32>, vector<8xf32>, vector<4x16xf32>) -> (vector<4x8xf32>)
  return
}

// -----

func.func @read_types(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error@+1 {{custom op 'vector.transfer_read' requires two types}}
  %0 = vector.transfer_read %m[%i, %i], %p : memref<?x?xf32>
  return
}

// -----

func.func @read_dup(%m: memref<?x?x?xf32>, %i: index, %p: f32) {
  // expected-error@+1 {{requires a permutation_map that is a permutation (found one dim used more than once)}}
  %0 = vector.transfer_read %m[%i, %i, %i], %p {permutation_map = affine_map<(d0, d1, d2)->(d0, d0)>} : memref<?x?x?xf32>, vector<3x7xf32>
  return
}
