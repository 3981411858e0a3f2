// convert-elementwise-to-linalg (MLIR's ConvertElementwiseToLinalgPass):
// arith and math ops on ranked tensors become linalg.generic ops of the same
// op on elements. Scalars beside tensors take the map to (); a result's init
// is the first operand of its type, else a tensor.empty shaped like the
// first tensor operand (tensor.dim for dynamic sizes); unused ops are
// converted, not folded away; scalar-only ops stay. The output is
// byte-identical to mlir-opt 22's (the diff), and the interpreter computes
// the same before and after on random inputs.
// RUN: strata-opt %s --convert-elementwise-to-linalg > %t.strata
// RUN: FileCheck %s < %t.strata
// RUN: strata-opt %s --convert-elementwise-to-linalg --verify-equivalence --equivalence-trials=10 > /dev/null
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --convert-elementwise-to-linalg > %t.mlir
// RUN: diff %t.strata %t.mlir

// CHECK-LABEL: func.func @add(
// CHECK: linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg0 : tensor<4x8xf32>)
// CHECK-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// CHECK-NEXT: arith.addf %in, %in_0 : f32
func.func @add(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = arith.addf %a, %b : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @cmp(
// CHECK: %[[DIM:.*]] = tensor.dim %arg0, %c0 : tensor<?x8xf32>
// CHECK: %[[INIT:.*]] = tensor.empty(%[[DIM]]) : tensor<?x8xi1>
// CHECK: outs(%[[INIT]] : tensor<?x8xi1>)
// CHECK: arith.cmpf olt, %in, %in_0 : f32
func.func @cmp(%a: tensor<?x8xf32>, %b: tensor<?x8xf32>) -> tensor<?x8xi1> {
  %r = arith.cmpf olt, %a, %b : tensor<?x8xf32>
  return %r : tensor<?x8xi1>
}
// CHECK-LABEL: func.func @select(
// CHECK: linalg.generic {indexing_maps = [#map1, #map2, #map2, #map2], iterator_types = ["parallel"]} ins(%arg0, %arg1, %arg2 : i1, tensor<3xi32>, tensor<3xi32>) outs(%arg1 : tensor<3xi32>)
func.func @select(%c: i1, %a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  %r = arith.select %c, %a, %b : tensor<3xi32>
  return %r : tensor<3xi32>
}
// CHECK-LABEL: func.func @dead(
// CHECK: math.exp %in fastmath<fast> : f32
// CHECK: arith.negf %in : f32
func.func @dead(%a: tensor<3xf32>) -> tensor<3xf32> {
  %x = math.exp %a fastmath<fast> : tensor<3xf32>
  %y = arith.negf %a : tensor<3xf32>
  return %y : tensor<3xf32>
}
// CHECK-LABEL: func.func @ext(
// CHECK: tensor.empty() : tensor<2xi32>
// CHECK: arith.extsi %in : i8 to i32
func.func @ext(%a: tensor<2xi8>) -> tensor<2xi32> {
  %r = arith.extsi %a : tensor<2xi8> to tensor<2xi32>
  return %r : tensor<2xi32>
}
// CHECK-LABEL: func.func @scalar_only(
// CHECK-NEXT: arith.addf %arg0, %arg0 : f32
func.func @scalar_only(%a: f32) -> f32 {
  %r = arith.addf %a, %a : f32
  return %r : f32
}
// CHECK-LABEL: func.func @zero_d(
// CHECK: linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = []}
func.func @zero_d(%a: tensor<f32>) -> tensor<f32> {
  %r = arith.addf %a, %a : tensor<f32>
  return %r : tensor<f32>
}
