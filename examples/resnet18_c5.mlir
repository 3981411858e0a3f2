// ResNet-18 layer C5 (TVM's VTA benchmark): 28x28, 128 -> 128 channels,
// 3x3 kernel, padding 1, stride 1, batch 1, NCHW, int8 with int32
// accumulation, then the usual VTA tail: >> 8, + bias, clip to [0, 127].
//
//   strata-run --target vta examples/resnet18_c5.mlir --entry conv \
//     --random-inputs --stats --check
func.func @conv(%x: tensor<1x128x28x28xi8>, %w: tensor<128x128x3x3xi8>,
                %bias: tensor<128xi32>) -> tensor<1x128x28x28xi8> {
  %c0_i8 = arith.constant 0 : i8
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%n: index, %c: index, %h: index, %ww: index):
    tensor.yield %c0_i8 : i8
  } : tensor<1x128x28x28xi8> to tensor<1x128x30x30xi8>
  %c0_i32 = arith.constant 0 : i32
  %empty = tensor.empty() : tensor<1x128x28x28xi32>
  %zero = linalg.fill ins(%c0_i32 : i32) outs(%empty : tensor<1x128x28x28xi32>) -> tensor<1x128x28x28xi32>
  %acc = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%padded, %w : tensor<1x128x30x30xi8>, tensor<128x128x3x3xi8>)
    outs(%zero : tensor<1x128x28x28xi32>) -> tensor<1x128x28x28xi32>
  %out = tensor.empty() : tensor<1x128x28x28xi8>
  %res = linalg.generic {
      indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                       affine_map<(n, c, h, w) -> (c)>,
                       affine_map<(n, c, h, w) -> (n, c, h, w)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc, %bias : tensor<1x128x28x28xi32>, tensor<128xi32>)
      outs(%out : tensor<1x128x28x28xi8>) {
  ^bb0(%a: i32, %b: i32, %o: i8):
    %c8 = arith.constant 8 : i32
    %c0 = arith.constant 0 : i32
    %c127 = arith.constant 127 : i32
    %s = arith.shrsi %a, %c8 : i32
    %t = arith.addi %s, %b : i32
    %r = arith.maxsi %t, %c0 : i32
    %q = arith.minsi %r, %c127 : i32
    %y = arith.trunci %q : i32 to i8
    linalg.yield %y : i8
  } -> tensor<1x128x28x28xi8>
  return %res : tensor<1x128x28x28xi8>
}
