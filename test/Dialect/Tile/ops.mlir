// Round trip of the tile dialect (Strata-only): printing and re-parsing
// gives the same text.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK-LABEL: func.func @gemm
// CHECK: tile.tree attributes {arch = "edge"} {
// CHECK-NEXT: tile.tile attributes {level = 1 : i64, loops = ["i:2", "Sp j:2"]} {
// CHECK-NEXT: tile.tile attributes {level = 0 : i64, loops = ["Tp i:2", "j:2", "k:4"]} {
// CHECK-NEXT: tile.leaf {
// CHECK-NEXT: linalg.matmul
func.func @gemm(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %c: tensor<4x4xf32>) {
  tile.tree attributes {arch = "edge"} {
    tile.tile attributes {level = 1 : i64, loops = ["i:2", "Sp j:2"]} {
      tile.tile attributes {level = 0 : i64, loops = ["Tp i:2", "j:2", "k:4"]} {
        tile.leaf {
          %0 = linalg.matmul ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
        }
      }
    }
  }
  return
}

// CHECK-LABEL: func.func @fused
// CHECK: tile.scope "pipe" {
// CHECK: tile.leaf {
// CHECK: tile.leaf {
func.func @fused(%x: tensor<4xf32>, %y: tensor<4xf32>) {
  tile.tree {
    tile.tile attributes {level = 1 : i64, loops = ["i:4"]} {
      tile.scope "pipe" {
        tile.leaf {
          %0 = arith.addf %x, %y : tensor<4xf32>
        }
        tile.leaf {
          %1 = arith.mulf %x, %y : tensor<4xf32>
        }
      }
    }
  }
  return
}
