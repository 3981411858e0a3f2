// RUN: strata-opt %s --mlir-disable-threading --egraph-layout='target=vta' --egraph-dump --verify-equivalence 2>&1 | FileCheck %s
// RUN: strata-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(egraph-layout{target=vta dump=true}))' 2>&1 | FileCheck %s

// The layout-algebra rules (Rieber et al. Table 2: split, reorder, fuse)
// and moving an elementwise op through a layout op, each on its own
// function. The dump's `applied` attribute shows the rule fired and the
// classes show the equal forms; --verify-equivalence runs every function
// before and after in the interpreter on random data.

// compose-transposes: transpose[1,2,0] . transpose[2,0,1] = identity, so the
// input joins the root class and the function returns its argument.
// CHECK-LABEL: eqsat.graph @transposes
// CHECK-SAME: root(%c[[R:[0-9]+]]) {{.*}}applied = {"compose-transposes" = 1}
// CHECK: %c[[R]] = eqsat.class : tensor<2x3x4xi32> {
// CHECK-NEXT: eqsat.node "input{arg0}"()
// CHECK-NEXT: eqsat.node "transpose{perm=[1,2,0]}"

// fuse-reshapes: collapse . collapse . expand = one reshape of the input.
// CHECK-LABEL: eqsat.graph @reshapes
// CHECK-SAME: applied = {"fuse-reshapes" = 3}
// CHECK: eqsat.class : tensor<4x6xi32> {
// CHECK-NEXT: eqsat.node "reshape{shape=[4,6]}"(%c0)

// pack-as-split-reorder: pack NCHW -> NCHW16c = transpose(reshape(x)).
// CHECK-LABEL: eqsat.graph @pack
// CHECK-SAME: applied = {"pack-as-split-reorder" = 1}
// CHECK: eqsat.class : tensor<1x2x16x4x4xi8> {
// CHECK-NEXT: eqsat.node "reshape{shape=[1,2,16,4,4]}"(%c0)
// CHECK: eqsat.class : tensor<1x2x4x4x16xi8> {
// CHECK-NEXT: eqsat.node "pack{dims=[1] tiles=[16]}"(%c0)
// CHECK-NEXT: eqsat.node "transpose{perm=[0,1,3,4,2]}"

// elementwise-through-layout: relu(transpose(x)) = transpose(relu(x)).
// CHECK-LABEL: eqsat.graph @relu_after_transpose
// CHECK-SAME: applied = {"elementwise-through-layout" = 1}
// CHECK: eqsat.node "input{arg0}"()
// CHECK: %c[[RX:[0-9]+]] = eqsat.class : tensor<4x8xi32> {
// CHECK-NEXT: eqsat.node "unary{relu}"(%c0)
// CHECK: eqsat.class : tensor<8x4xi32> {
// CHECK: eqsat.class : tensor<8x4xi32> {
// CHECK-NEXT: eqsat.node "transpose{perm=[1,0]}"(%c[[RX]])
// CHECK-NEXT: eqsat.node "unary{relu}"

// The extracted programs.
// CHECK-LABEL: func.func @transposes
// CHECK-NEXT: return %arg0
// CHECK-LABEL: func.func @reshapes
// CHECK-NEXT: tensor.collapse_shape %arg0 {{\[\[}}0, 1, 2]]
// CHECK-NEXT: tensor.expand_shape
// CHECK-NEXT: return

func.func @transposes(%x: tensor<2x3x4xi32>) -> tensor<2x3x4xi32> {
  %e1 = tensor.empty() : tensor<4x2x3xi32>
  %t1 = linalg.transpose ins(%x : tensor<2x3x4xi32>) outs(%e1 : tensor<4x2x3xi32>) permutation = [2, 0, 1]
  %e2 = tensor.empty() : tensor<2x3x4xi32>
  %t2 = linalg.transpose ins(%t1 : tensor<4x2x3xi32>) outs(%e2 : tensor<2x3x4xi32>) permutation = [1, 2, 0]
  return %t2 : tensor<2x3x4xi32>
}

func.func @reshapes(%x: tensor<2x3x4xi32>) -> tensor<4x6xi32> {
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x3x4xi32> into tensor<6x4xi32>
  %f = tensor.collapse_shape %c [[0, 1]] : tensor<6x4xi32> into tensor<24xi32>
  %r = tensor.expand_shape %f [[0, 1]] output_shape [4, 6] : tensor<24xi32> into tensor<4x6xi32>
  return %r : tensor<4x6xi32>
}

func.func @pack(%x: tensor<1x32x4x4xi8>) -> tensor<1x2x4x4x16xi8> {
  %e = tensor.empty() : tensor<1x2x4x4x16xi8>
  %p = linalg.pack %x inner_dims_pos = [1] inner_tiles = [16] into %e : tensor<1x32x4x4xi8> -> tensor<1x2x4x4x16xi8>
  return %p : tensor<1x2x4x4x16xi8>
}

func.func @relu_after_transpose(%x: tensor<4x8xi32>) -> tensor<8x4xi32> {
  %e = tensor.empty() : tensor<8x4xi32>
  %t = linalg.transpose ins(%x : tensor<4x8xi32>) outs(%e : tensor<8x4xi32>) permutation = [1, 0]
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<8x4xi32>) outs(%e : tensor<8x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %zero = arith.constant 0 : i32
    %m = arith.maxsi %in, %zero : i32
    linalg.yield %m : i32
  } -> tensor<8x4xi32>
  return %y : tensor<8x4xi32>
}
