// RUN: strata-opt %s --split-input-file --verify-diagnostics
// The messages are mlir-opt 22's.

// expected-error @+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 0}}
func.func @a(%i: index) { %e = tensor.empty(%i) : tensor<4x4xf32>
 return }

// -----

// expected-error @+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
func.func @a(%t: tensor<4x4xf32>, %i: index) { %e = tensor.extract %t[%i] : tensor<4x4xf32>
 return }

// -----

// expected-error @+1 {{'tensor.insert' op incorrect number of indices}}
func.func @a(%t: tensor<4x4xf32>, %i: index, %v: f32) { %e = tensor.insert %v into %t[%i] : tensor<4x4xf32>
 return }

// -----

// expected-error @+1 {{'tensor.cast' op operand type 'tensor<4x4xf32>' and result type 'tensor<4x5xf32>' are cast incompatible}}
func.func @a(%t: tensor<4x4xf32>) { %e = tensor.cast %t : tensor<4x4xf32> to tensor<4x5xf32>
 return }

// -----

// expected-error @+1 {{expected type to be 'tensor<4x4xf32>' or a rank-reduced version. (size mismatch)}}
func.func @a(%t: tensor<8x16xf32>) { %s = tensor.extract_slice %t[0, 0] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x5xf32>
 return }

// -----

// expected-error @+1 {{expected element type to be 'f32'}}
func.func @a(%t: tensor<8x16xf32>) { %s = tensor.extract_slice %t[0, 0] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xi32>
 return }

// -----

// expected-error @+1 {{expected mixed offsets rank to match mixed sizes rank (2 vs 1) so the rank of the result type is well-formed.}}
func.func @a(%t: tensor<8x16xf32>) { %s = tensor.extract_slice %t[0, 0] [4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
 return }

// -----

// expected-error @+1 {{expected rank to be smaller or equal to the other rank.}}
func.func @a(%t: tensor<8x16xf32>) { %s = tensor.extract_slice %t[0, 0] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4x1xf32>
 return }

// -----

// expected-error @+1 {{expected type to be 'tensor<4x4xf32>' or a rank-reduced version. (size mismatch)}}
func.func @a(%t: tensor<8x16xf32>, %s: tensor<4x5xf32>) { %r = tensor.insert_slice %s into %t[0, 0] [4, 4] [1, 1] : tensor<4x5xf32> into tensor<8x16xf32>
 return }

// -----

// expected-error @+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 128}}
func.func @a(%t: tensor<8x16xf32>) { %c = tensor.collapse_shape %t [[0, 1]] : tensor<8x16xf32> into tensor<127xf32>
 return }

// -----

// expected-error @+1 {{'tensor.collapse_shape' op expected collapsed rank (1) to equal the number of reassociation maps (2).}}
func.func @a(%t: tensor<8x16xf32>) { %c = tensor.collapse_shape %t [[0], [1]] : tensor<8x16xf32> into tensor<128xf32>
 return }

// -----

// expected-error @+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 120}}
func.func @a(%t: tensor<128xf32>) { %c = tensor.expand_shape %t [[0, 1]] output_shape [8, 16] : tensor<128xf32> into tensor<8x15xf32>
 return }

// -----

// expected-error @+1 {{specified type 'tensor<10x19xf32>' does not match the inferred type 'tensor<10x18xf32>'}}
func.func @a(%t: tensor<8x16xf32>, %v: f32) { %p = tensor.pad %t low[1, 1] high[1, 1] {
^bb0(%a: index, %b: index):
  tensor.yield %v : f32
} : tensor<8x16xf32> to tensor<10x19xf32>
 return }

// -----

// expected-error @+1 {{'tensor.pad' op expected yield type to match shape element type}}
func.func @a(%t: tensor<8x16xf32>, %v: i32) { %p = tensor.pad %t low[1, 1] high[1, 1] {
^bb0(%a: index, %b: index):
  tensor.yield %v : i32
} : tensor<8x16xf32> to tensor<10x18xf32>
 return }

// -----

// expected-error @+1 {{'tensor.concat' op concatenation dim must be less than the tensor rank}}
func.func @a(%t: tensor<8x16xf32>) { %c = tensor.concat dim(2) %t, %t : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
 return }

// -----

// expected-error @+1 {{'tensor.concat' op result type 'tensor<17x16xf32>'does not match inferred shape 'tensor<16x16xf32>' static sizes}}
func.func @a(%t: tensor<8x16xf32>) { %c = tensor.concat dim(0) %t, %t : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<17x16xf32>
 return }

// -----

// expected-error @+1 {{custom op 'tensor.from_elements' number of operands and types do not match: got 2 operands and 3 types}}
func.func @a(%v: f32) { %c = tensor.from_elements %v, %v : tensor<3xf32>
 return }

// -----

// expected-error @+1 {{'tensor.generate' op incorrect number of dynamic sizes, has 0, expected 1}}
func.func @a(%v: f32, %i: index) { %g = tensor.generate {
^bb0(%a: index, %b: index):
  tensor.yield %v : f32
} : tensor<?x3xf32>
 return }

// -----

// expected-error @+1 {{must have one body argument per input dimension}}
func.func @a(%v: f32, %i: index) { %g = tensor.generate %i {
^bb0(%a: index):
  tensor.yield %v : f32
} : tensor<?x3xf32>
 return }

// -----

// expected-error @+1 {{'tensor.generate' op body must be terminated with a `yield` operation of the tensor element type}}
func.func @a(%v: i32, %i: index) { %g = tensor.generate %i {
^bb0(%a: index, %b: index):
  tensor.yield %v : i32
} : tensor<?x3xf32>
 return }

// -----

// expected-error @+1 {{'tensor.splat' op incorrect number of dynamic sizes, has 0, expected 1}}
func.func @a(%v: f32, %i: index) { %s = tensor.splat %v : tensor<?x4xf32>
 return }

// -----

// expected-error @+1 {{'tensor.bitcast' op operand type 'tensor<4x4xf32>' and result type 'tensor<4x4xi64>' are cast incompatible}}
func.func @a(%t: tensor<4x4xf32>) { %c = tensor.bitcast %t : tensor<4x4xf32> to tensor<4x4xi64>
 return }

// -----

func.func @a(%t: tensor<4x4xf32>) { %c = tensor.bitcast %t : tensor<4x4xf32> to tensor<4x4xi32> 
// expected-error @+1 {{'tensor.cast' op operand type 'tensor<4x4xf32>' and result type 'tensor<4x4xi32>' are cast incompatible}}
  %s = tensor.cast %t : tensor<4x4xf32> to tensor<4x4xi32>
 return }
