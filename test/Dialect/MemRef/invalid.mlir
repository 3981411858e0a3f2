// RUN: strata-opt --split-input-file --verify-diagnostics %s

func.func @a(%n: index) {
  // expected-error @+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 0}}
  %a = memref.alloc(%n) : memref<4x8xf32>
  return
}
// -----
func.func @b(%n: index) {
  // expected-error @+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 0, expected 1}}
  %a = memref.alloc() : memref<?x8xf32>
  return
}
// -----
#map = affine_map<(d0)[s0] -> (d0 + s0)>
func.func @c(%n: index) {
  // expected-error @+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 1, got 0}}
  %a = memref.alloc() : memref<8xf32, #map>
  return
}
// -----
func.func @d(%m: memref<4x8xf32>, %n: index) {
  // expected-error @+1 {{'memref.load' op incorrect number of indices for load, expected 2 but got 1}}
  %x = memref.load %m[%n] : memref<4x8xf32>
  return
}
// -----
func.func @e(%m: memref<4x8xf32>, %n: index, %v: f32) {
  // expected-error @+1 {{'memref.store' op store index operand count not equal to memref rank}}
  memref.store %v, %m[%n] : memref<4x8xf32>
  return
}
// -----
func.func @f(%m: memref<4x8xf32>, %n: index) {
  // expected-error @+1 {{expected result type to be 'memref<2x2xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<2x2xf32>'}}
  %s = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<4x8xf32> to memref<2x2xf32>
  return
}
// -----
func.func @g(%m: memref<4x8xf32>, %n: index) {
  // expected-error @+1 {{expected 2 offset values, got 1}}
  %s = memref.subview %m[0] [2] [1] : memref<4x8xf32> to memref<2xf32>
  return
}
// -----
func.func @h(%m: memref<4x8xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4x8xf32>' and result type 'memref<4x8xi32>' are cast incompatible}}
  %c = memref.cast %m : memref<4x8xf32> to memref<4x8xi32>
  return
}
// -----
func.func @i(%m: memref<4x8xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4x8xf32>' and result type 'memref<4x9xf32>' are cast incompatible}}
  %c = memref.cast %m : memref<4x8xf32> to memref<4x9xf32>
  return
}
// -----
func.func @j(%m: memref<4x8xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op collapsed dim size (32) must equal reassociation group size (4)}}
  %c = memref.collapse_shape %m [[0]] : memref<4x8xf32> into memref<32xf32>
  return
}
// -----
func.func @k(%m: memref<32xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op invalid output shape provided at pos 1}}
  %c = memref.expand_shape %m [[0, 1]] output_shape [4, 4] : memref<32xf32> into memref<4x8xf32>
  return
}
// -----
func.func @l() {
  // expected-error @+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %g = memref.get_global @nope : memref<2xf32>
  return
}
// -----
// expected-note @+1 {{prior use here}}
func.func @m(%m: memref<4x8xf32>) {
  // expected-error @+1 {{use of value '%m' expects different type than prior uses: 'memref<4x8xi32>' vs 'memref<4x8xf32>'}}
  memref.copy %m, %m : memref<4x8xf32> to memref<4x8xi32>
  return
}
// -----
func.func @n(%m: memref<4x8xf32>) {
  // expected-error @+1 {{expected result type with stride = 2 instead of 1 in dim = 0}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [32], strides: [2] : memref<4x8xf32> to memref<32xf32>
  return
}
// -----
memref.global @gv : memref<2xf32> = dense<[1.0, 2.0]>
func.func @p(%m: memref<4x8xf32>) {
  // expected-error @+1 {{'memref.get_global' op result type 'memref<3xf32>' does not match type 'memref<2xf32>' of the global memref @gv}}
  %g = memref.get_global @gv : memref<3xf32>
  return
}
// -----
func.func @q(%m: memref<4x8xf32>) {
  // expected-error @+1 {{expected result element type to be 'f32', but got 'memref<2x2xi32, strided<[8, 1]>>'}}
  %s = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<4x8xf32> to memref<2x2xi32, strided<[8, 1]>>
  return
}

// -----

func.func @a(%m: memref<4xi32>, %v: i32, %i: index) {
  // expected-error @+1 {{'memref.atomic_rmw' op with kind 'addf' expects a floating-point type}}
  %x = memref.atomic_rmw addf %v, %m[%i] : (i32, memref<4xi32>) -> i32
  return
}

// -----

func.func @b(%m: memref<4xf32>, %v: f32, %i: index) {
  // expected-error @+1 {{'memref.atomic_rmw' op with kind 'ori' expects an integer type}}
  %x = memref.atomic_rmw ori %v, %m[%i] : (f32, memref<4xf32>) -> f32
  return
}

// -----

func.func @c(%m: memref<4x4xf32>, %v: f32, %i: index) {
  // expected-error @+1 {{'memref.atomic_rmw' op expects the number of subscripts to be equal to memref rank}}
  %x = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<4x4xf32>) -> f32
  return
}

// -----

func.func @d(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'memref.generic_atomic_rmw' op expected single number of entry block arguments}}
  %x = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%a: f32, %b: f32):
    memref.atomic_yield %a : f32
  }
  return
}

// -----

func.func @e(%m: memref<4xf32>, %i: index) {
  %x = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%a: f32):
    // expected-error @+1 {{body of 'memref.generic_atomic_rmw' should contain only operations with no side effects}}
    memref.store %a, %m[%i] : memref<4xf32>
    memref.atomic_yield %a : f32
  }
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index, %k: i32) {
  %x = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%a: f32):
    // expected-error @+1 {{'memref.atomic_yield' op types mismatch between yield op: 'i32' and its parent: 'f32'}}
    memref.atomic_yield %k : i32
  }
  return
}

// -----

func.func @g(%m: memref<4x?xf32>) {
  // expected-error @+1 {{'memref.transpose' op expected a permutation map}}
  %t = memref.transpose %m (i, j) -> (i, i) : memref<4x?xf32> to memref<4x?xf32>
  return
}

// -----

func.func @h(%m: memref<4x?xf32>) {
  // expected-error @+1 {{'memref.transpose' op result type 'memref<?x4xf32>' is not equivalent to the canonical transposed input type 'memref<?x4xf32, affine_map<(d0, d1)[s0] -> (d0 + d1 * s0)>>'}}
  %t = memref.transpose %m (i, j) -> (j, i) : memref<4x?xf32> to memref<?x4xf32>
  return
}

// -----

func.func @k(%m: memref<4x?xf32>) {
  // expected-error @+1 {{'memref.memory_space_cast' op operand type 'memref<4x?xf32>' and result type 'memref<4x4xf32, 1>' are cast incompatible}}
  %t = memref.memory_space_cast %m : memref<4x?xf32> to memref<4x4xf32, 1>
  return
}
