// strata-translate --mlir-to-vta on a module with several linalg functions
// lowers the one --entry names (linalg-to-vta's entry option); without it,
// the error names both ways to choose (it suggested an entry= flag
// strata-translate does not have). The program round-trips through
// --vta-to-mlir.
// RUN: not strata-translate --mlir-to-vta %s -o %t.none.vta 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: strata-translate --mlir-to-vta --entry second %s -o %t.vta
// RUN: strata-translate --vta-to-mlir %t.vta | FileCheck %s
// RUN: not strata-translate --mlir-to-vta --entry third %s -o %t.third.vta 2>&1 | FileCheck %s --check-prefix=THIRD

// NONE: error: 'builtin.module' op several functions: name the one to lower (the pass's entry=<name>, strata-translate's --entry <name>)
// CHECK: vta.dram_buffer @arg0 : tensor<16x1x1x16xi8>
// CHECK: vta.finish
// THIRD: error: 'builtin.module' op no function named '@third'

func.func @first(%a: tensor<16x16xi8>, %b: tensor<16x16xi8>, %bias: tensor<16xi32>) -> tensor<16x16xi8> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<16x16xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<16x16xi32>) -> tensor<16x16xi32>
  %acc = linalg.matmul ins(%a, %b : tensor<16x16xi8>, tensor<16x16xi8>) outs(%z : tensor<16x16xi32>) -> tensor<16x16xi32>
  %o = tensor.empty() : tensor<16x16xi8>
  %r = linalg.generic {
      indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%acc, %bias : tensor<16x16xi32>, tensor<16xi32>) outs(%o : tensor<16x16xi8>) {
  ^bb0(%x: i32, %b0: i32, %out: i8):
    %c6 = arith.constant 6 : i32
    %lo = arith.constant -128 : i32
    %hi = arith.constant 127 : i32
    %s = arith.shrsi %x, %c6 : i32
    %t = arith.addi %b0, %s : i32
    %u = arith.maxsi %t, %lo : i32
    %v = arith.minsi %u, %hi : i32
    %y = arith.trunci %v : i32 to i8
    linalg.yield %y : i8
  } -> tensor<16x16xi8>
  return %r : tensor<16x16xi8>
}

func.func @second(%a: tensor<16x16xi8>, %b: tensor<16x16xi8>, %bias: tensor<16xi32>) -> tensor<16x16xi8> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<16x16xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<16x16xi32>) -> tensor<16x16xi32>
  %acc = linalg.matmul ins(%a, %b : tensor<16x16xi8>, tensor<16x16xi8>) outs(%z : tensor<16x16xi32>) -> tensor<16x16xi32>
  %o = tensor.empty() : tensor<16x16xi8>
  %r = linalg.generic {
      indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%acc, %bias : tensor<16x16xi32>, tensor<16xi32>) outs(%o : tensor<16x16xi8>) {
  ^bb0(%x: i32, %b0: i32, %out: i8):
    %c6 = arith.constant 6 : i32
    %lo = arith.constant -128 : i32
    %hi = arith.constant 127 : i32
    %s = arith.shrsi %x, %c6 : i32
    %t = arith.addi %b0, %s : i32
    %u = arith.maxsi %t, %lo : i32
    %v = arith.minsi %u, %hi : i32
    %y = arith.trunci %v : i32 to i8
    linalg.yield %y : i8
  } -> tensor<16x16xi8>
  return %r : tensor<16x16xi8>
}
