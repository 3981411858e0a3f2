// An op the LLVM back end does not translate: a located error, no crash.
func.func @atomic(%m: memref<6xf32>, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %f = memref.atomic_rmw addf %v, %m[%c0] : (f32, memref<6xf32>) -> f32
  return %f : f32
}
