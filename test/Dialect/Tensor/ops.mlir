// RUN: %roundtrip %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts
// Round trip of every tensor op; the CHECK lines are what mlir-opt 22 prints.

// CHECK: module {
// CHECK-NEXT:   func.func @tensor_ops(%arg0: tensor<8x16xf32>, %arg1: tensor<?x?xf32>, %arg2: index, %arg3: f32) {
// CHECK-NEXT:     %0 = tensor.empty(%arg2) : tensor<4x?xf32>
// CHECK-NEXT:     %{{extracted(_[0-9]+)?}} = tensor.extract %arg0[%arg2, %arg2] : tensor<8x16xf32>
// CHECK-NEXT:     %{{inserted(_[0-9]+)?}} = tensor.insert %arg3 into %arg0[%arg2, %arg2] : tensor<8x16xf32>
// CHECK-NEXT:     %{{extracted_slice(_[0-9]+)?}} = tensor.extract_slice %arg0[0, %arg2] [4, 4] [1, 2] : tensor<8x16xf32> to tensor<4x4xf32>
// CHECK-NEXT:     %{{inserted_slice(_[0-9]+)?}} = tensor.insert_slice %{{extracted_slice(_[0-9]+)?}} into %arg0[0, %arg2] [4, 4] [1, 2] : tensor<4x4xf32> into tensor<8x16xf32>
// CHECK-NEXT:     %{{padded(_[0-9]+)?}} = tensor.pad %arg0 low[1, %arg2] high[2, 0] {
// CHECK-NEXT:     ^bb0(%arg4: index, %arg5: index):
// CHECK-NEXT:       tensor.yield %arg3 : f32
// CHECK-NEXT:     } : tensor<8x16xf32> to tensor<11x?xf32>
// CHECK-NEXT:     %{{collapsed(_[0-9]+)?}} = tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<8x16xf32> into tensor<128xf32>
// CHECK-NEXT:     %{{expanded(_[0-9]+)?}} = tensor.expand_shape %{{collapsed(_[0-9]+)?}} {{\[\[}}0, 1, 2]] output_shape [2, 4, 16] : tensor<128xf32> into tensor<2x4x16xf32>
// CHECK-NEXT:     %{{cast(_[0-9]+)?}} = tensor.cast %arg0 : tensor<8x16xf32> to tensor<?x16xf32>
// CHECK-NEXT:     %{{dim(_[0-9]+)?}} = tensor.dim %arg1, %arg2 : tensor<?x?xf32>
// CHECK-NEXT:     %{{generated(_[0-9]+)?}} = tensor.generate %arg2 {
// CHECK-NEXT:     ^bb0(%arg4: index, %arg5: index):
// CHECK-NEXT:       tensor.yield %arg3 : f32
// CHECK-NEXT:     } : tensor<?x3xf32>
// CHECK-NEXT:     %{{splat(_[0-9]+)?}} = tensor.splat %arg3[%arg2] : tensor<?x4xf32>
// CHECK-NEXT:     %{{concat(_[0-9]+)?}} = tensor.concat dim(0) %arg0, %arg0 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
// CHECK-NEXT:     %{{from_elements(_[0-9]+)?}} = tensor.from_elements %arg3, %arg3 : tensor<2xf32>
// CHECK-NEXT:     %1 = tensor.bitcast %arg0 : tensor<8x16xf32> to tensor<8x16xi32>
// CHECK-NEXT:     %{{rank(_[0-9]+)?}} = tensor.rank %arg0 : tensor<8x16xf32>
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @dynamic(%arg0: tensor<?x?xf32>, %arg1: index, %arg2: f32) {
// CHECK-NEXT:     %{{extracted_slice(_[0-9]+)?}} = tensor.extract_slice %arg0[%arg1, 0] [%arg1, 1] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
// CHECK-NEXT:     %{{padded(_[0-9]+)?}} = tensor.pad %arg0 nofold low[0, 0] high[%arg1, 1] {
// CHECK-NEXT:     ^bb0(%arg3: index, %arg4: index):
// CHECK-NEXT:       tensor.yield %arg2 : f32
// CHECK-NEXT:     } {test.attr} : tensor<?x?xf32> to tensor<?x?xf32>
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

func.func @tensor_ops(%t: tensor<8x16xf32>, %d: tensor<?x?xf32>, %i: index, %v: f32) {
  %e = tensor.empty(%i) : tensor<4x?xf32>
  %x = tensor.extract %t[%i, %i] : tensor<8x16xf32>
  %y = tensor.insert %v into %t[%i, %i] : tensor<8x16xf32>
  %s = tensor.extract_slice %t[0, %i] [4, 4] [1, 2] : tensor<8x16xf32> to tensor<4x4xf32>
  %s3 = tensor.insert_slice %s into %t[0, %i] [4, 4] [1, 2] : tensor<4x4xf32> into tensor<8x16xf32>
  %p = tensor.pad %t low[1, %i] high[2, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %v : f32
  } : tensor<8x16xf32> to tensor<11x?xf32>
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<8x16xf32> into tensor<128xf32>
  %ex = tensor.expand_shape %c [[0, 1, 2]] output_shape [2, 4, 16] : tensor<128xf32> into tensor<2x4x16xf32>
  %ca = tensor.cast %t : tensor<8x16xf32> to tensor<?x16xf32>
  %dim = tensor.dim %d, %i : tensor<?x?xf32>
  %g = tensor.generate %i {
  ^bb0(%a: index, %b: index):
    tensor.yield %v : f32
  } : tensor<?x3xf32>
  %sp = tensor.splat %v[%i] : tensor<?x4xf32>
  %cc = tensor.concat dim(0) %t, %t : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
  %fe = tensor.from_elements %v, %v : tensor<2xf32>
  %bc = tensor.bitcast %t : tensor<8x16xf32> to tensor<8x16xi32>
  %rk = tensor.rank %t : tensor<8x16xf32>
  return
}
func.func @dynamic(%d: tensor<?x?xf32>, %i: index, %v: f32) {
  %dy = tensor.extract_slice %d[%i, 0] [%i, 1] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
  %pn = tensor.pad %d nofold low[0, 0] high[%i, 1] {
  ^bb0(%a: index, %b: index):
    tensor.yield %v : f32
  } {test.attr} : tensor<?x?xf32> to tensor<?x?xf32>
  return
}
