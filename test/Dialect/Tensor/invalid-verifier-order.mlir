// Tensor verifier and parser messages worded, and checked in the order,
// as MLIR 22's (PadOp/GenerateOp::verifyRegions, ReshapeOp::verify,
// verifyListOfOperandsOrIntegers, parseType<RankedTensorType>).
// RUN: strata-opt %s --split-input-file --verify-diagnostics
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --split-input-file --verify-diagnostics

func.func @pad_arg_type(%t: tensor<?x4xi32>, %v: i32) -> tensor<?x9xi32> {
  // expected-error @+1 {{'tensor.pad' op expected block argument 2 to be an index}}
  %0 = tensor.pad %t low[1, 2] high[2, 3] {
  ^bb0(%a: index, %b: i32):
    tensor.yield %v : i32
  } : tensor<?x4xi32> to tensor<?x9xi32>
  return %0 : tensor<?x9xi32>
}

// -----

func.func @pad_arg_count(%t: tensor<?x4xi32>, %v: i32) -> tensor<?x9xi32> {
  // expected-error @+1 {{expected the block to have 2 arguments}}
  %0 = tensor.pad %t low[1, 2] high[2, 3] {
  ^bb0(%a: index):
    tensor.yield %v : i32
  } : tensor<?x4xi32> to tensor<?x9xi32>
  return %0 : tensor<?x9xi32>
}

// -----

func.func @generate_arg_type(%m: index) -> tensor<?x3xf32> {
  // expected-error @+1 {{all body arguments must be index}}
  %0 = tensor.generate %m {
  ^bb0(%i: index, %j: i32):
    %e = arith.constant 1.0 : f32
    tensor.yield %e : f32
  } : tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

func.func @offsets(%t: tensor<4x4xf32>) {
  // expected-error @+1 {{expected 2 offset values, got 1}}
  %0 = tensor.extract_slice %t[0][2][1] : tensor<4x4xf32> to tensor<2xf32>
  return
}

// -----

func.func @reshape_dynamic_shape(%t: tensor<4xf32>, %s: tensor<?xindex>) {
  // expected-error @+1 {{'tensor.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked tensor type}}
  %0 = tensor.reshape %t(%s) : (tensor<4xf32>, tensor<?xindex>) -> tensor<2x2xf32>
  return
}

// -----

func.func @dim_of_0d(%t: tensor<f32>, %i: index) {
  // expected-error @+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'tensor<f32>'}}
  %0 = tensor.dim %t, %i : tensor<f32>
  return
}

// -----

func.func @splat_memref(%v: f32) {
  // expected-error @+1 {{custom op 'tensor.splat' invalid kind of type specified: expected builtin.tensor, but found 'memref<4xf32>'}}
  %0 = tensor.splat %v : memref<4xf32>
  return
}
