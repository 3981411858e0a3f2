// An op the LLVM back end does not translate: a located error, no crash.
func.func @atomic(%m: memref<6xf32>, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %f = memref.generic_atomic_rmw %m[%c0] : memref<6xf32> {
  ^bb0(%x: f32):
    %s = arith.addf %x, %v : f32
    memref.atomic_yield %s : f32
  }
  return %f : f32
}
