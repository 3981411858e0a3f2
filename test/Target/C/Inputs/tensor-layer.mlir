// The tensor kernel of bufferized-views.mlir (the C back end translates
// whole modules, and this one has tensor arguments until bufferized).
// A 2x3x4 activation flattened to 6x4, multiplied by a 4x5 weight, the
// product reshaped to 2x3x5 and biased.
func.func @layer(%x: tensor<2x3x4xf32>, %w: tensor<4x5xf32>, %b: tensor<2x3x5xf32>) -> tensor<2x3x5xf32> {
  %flat = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x5xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<6x5xf32>) -> tensor<6x5xf32>
  %mm = linalg.matmul ins(%flat, %w : tensor<6x4xf32>, tensor<4x5xf32>) outs(%init : tensor<6x5xf32>) -> tensor<6x5xf32>
  %r = tensor.expand_shape %mm [[0, 1], [2]] output_shape [2, 3, 5] : tensor<6x5xf32> into tensor<2x3x5xf32>
  %e2 = tensor.empty() : tensor<2x3x5xf32>
  %out = linalg.add ins(%r, %b : tensor<2x3x5xf32>, tensor<2x3x5xf32>) outs(%e2 : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  return %out : tensor<2x3x5xf32>
}
