// tensor.extract_slice canonicalization (MLIR's constant-argument folder and
// ExtractSliceOpCastFolder): constant offsets, sizes and strides become
// static, the result type as static as the sizes allow (rank-reduced
// dimensions stay dropped) with a tensor.cast back, and a slice of a cast
// that only forgot static sizes slices the cast's source. The CHECK lines
// are mlir-opt 22's output.
// RUN: strata-opt %s --canonicalize | FileCheck %s
// RUN: strata-opt %s --canonicalize --verify-equivalence

// CHECK-LABEL: func.func @slices(%arg0: tensor<8x16x4xf32>, %arg1: index) -> (tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
// CHECK-NEXT:   %extracted_slice = tensor.extract_slice %arg0[0, 0, 0] [7, 11, 2] [1, 1, 1] : tensor<8x16x4xf32> to tensor<7x11x2xf32>
// CHECK-NEXT:   %extracted_slice_0 = tensor.extract_slice %extracted_slice[0, 0, 0] [2, %arg1, 2] [1, 1, 1] : tensor<7x11x2xf32> to tensor<2x?x2xf32>
// CHECK-NEXT:   %cast = tensor.cast %extracted_slice_0 : tensor<2x?x2xf32> to tensor<?x?x?xf32>
// CHECK-NEXT:   %extracted_slice_1 = tensor.extract_slice %arg0[1, 0, 1] [1, 7, 2] [1, 1, 1] : tensor<8x16x4xf32> to tensor<7x2xf32>
// CHECK-NEXT:   %cast_2 = tensor.cast %extracted_slice_1 : tensor<7x2xf32> to tensor<?x?xf32>
// CHECK-NEXT:   %extracted_slice_3 = tensor.extract_slice %arg0[0, 2, 1] [2, 1, 2] [1, 1, 1] : tensor<8x16x4xf32> to tensor<2x2xf32>
// CHECK-NEXT:   %cast_4 = tensor.cast %extracted_slice_3 : tensor<2x2xf32> to tensor<?x?xf32>
// CHECK-NEXT:   return %cast, %cast_2, %cast_4 : tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
// CHECK-NEXT: }

func.func @slices(%t: tensor<8x16x4xf32>, %a: index) -> (tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %0 = tensor.extract_slice %t[%c0, %c0, %c0] [%c7, %c11, %c2] [%c1, %c1, %c1] : tensor<8x16x4xf32> to tensor<?x?x?xf32>
  %1 = tensor.extract_slice %0[%c0, %c0, %c0] [%c2, %a, %c2] [%c1, %c1, %c1] : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %2 = tensor.extract_slice %t[%c1, %c0, %c1] [1, %c7, %c2] [%c1, %c1, %c1] : tensor<8x16x4xf32> to tensor<?x?xf32>
  %cast = tensor.cast %t : tensor<8x16x4xf32> to tensor<?x16x?xf32>
  %3 = tensor.extract_slice %cast[0, 2, 1] [%c2, 1, %c2] [1, 1, 1] : tensor<?x16x?xf32> to tensor<?x?xf32>
  return %1, %2, %3 : tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}
