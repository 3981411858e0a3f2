// RUN: strata-opt --split-input-file --verify-diagnostics %s

func.func @a(%A: memref<10x10xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op affine map num results must equal memref rank}}
  %x = affine.load %A[%i] : memref<10x10xf32>
  return
}
// -----
func.func @b(%A: memref<10x10xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{'affine.store' op affine map num results must equal memref rank}}
  affine.store %v, %A[%i] : memref<10x10xf32>
  return
}
// -----
func.func @c(%v: f32) {
  // expected-error @+1 {{'affine.yield' op only terminates affine.if/for/parallel regions}}
  affine.yield %v : f32
}
// -----
func.func @d(%v: f32) {
  %r = affine.for %i = 0 to 10 iter_args(%a = %v) -> (f32) {
    // expected-error @+1 {{'affine.yield' op parent of yield must have same number of results as the yield operands}}
    affine.yield
  }
  return
}

// -----

func.func @a(%n: index) {
  // expected-error @+1 {{'affine.parallel' op a reduction must be specified for each output}}
  %r = "affine.parallel"(%n) <{lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap = affine_map<() -> (0)>, reductions = [], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<()[s0] -> (s0)>}> ({
  ^bb0(%i: index):
    %c = arith.constant 1.0 : f32
    affine.yield %c : f32
  }) : (index) -> f32
  return
}

// -----

func.func @b(%n: index) {
  // expected-error @+1 {{'affine.parallel' op result type cannot match reduction attribute}}
  %r = affine.parallel (%i) = (0) to (%n) reduce ("addf") -> (i32) {
    %c = arith.constant 1 : i32
    affine.yield %c : i32
  }
  return
}

// -----

func.func @c(%n: index) {
  // expected-error @+1 {{invalid reduction value: "addx"}}
  %r = affine.parallel (%i) = (0) to (%n) reduce ("addx") -> (f32) {
  }
  return
}

// -----

func.func @d(%n: index) {
  // expected-error @+1 {{'affine.parallel' op the number of region arguments (2) and the number of map groups for lower (1) and upper bound (2), and the number of steps (2) must all match}}
  affine.parallel (%i, %j) = (0) to (%n, 4) {
  }
  return
}

// -----

func.func @e(%l: index) {
  // expected-error @+1 {{'affine.delinearize_index' op should return an index for each basis element and up to one extra index}}
  %d:4 = affine.delinearize_index %l into (2, 3) : index, index, index, index
  return
}

// -----

func.func @f(%l: index) {
  // expected-error @+1 {{'affine.delinearize_index' op no basis element may be statically non-positive}}
  %d:2 = affine.delinearize_index %l into (2, 0) : index, index
  return
}

// -----

func.func @g(%a: index, %b: index) {
  // expected-error @+1 {{'affine.linearize_index' op should be passed a basis element for each index except possibly the first}}
  %l = affine.linearize_index [%a, %b] by (2, 3, 4) : index
  return
}
