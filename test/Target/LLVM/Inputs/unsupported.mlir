// An op the LLVM back end does not translate: a located error, no crash.
func.func @flat(%m: memref<2x3xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %f = memref.collapse_shape %m [[0, 1]] : memref<2x3xf32> into memref<6xf32>
  %x = memref.load %f[%c0] : memref<6xf32>
  return %x : f32
}
