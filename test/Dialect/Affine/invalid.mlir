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
