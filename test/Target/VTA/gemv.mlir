// A 1x16x16 GEMV (a matmul with one row: one micro-op per output block)
// with a shift and relu tail, no bias; and an unsupported tail op, which
// the lowering rejects with a located error.
// RUN: strata-run --target vta %s --entry gemv --random-inputs --seed 1 --check | FileCheck %s
// RUN: strata-run --target vta %s --entry gemv --random-inputs --seed 9 --check --print | FileCheck %s --check-prefix=PRINT
// RUN: not strata-run --target vta %s --entry bad --random-inputs 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: check: OK, 16 elements bit-exact with the interpreter
// PRINT: dense<{{.*}}> : tensor<1x16xi8>
// PRINT: check: OK
// BAD: 'arith.muli' in the tail cannot run on the VTA ALU (linalg-to-vta)

func.func @gemv(%v: tensor<1x16xi8>, %m: tensor<16x16xi8>) -> tensor<1x16xi8> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x16xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x16xi32>) -> tensor<1x16xi32>
  %acc = linalg.matmul ins(%v, %m : tensor<1x16xi8>, tensor<16x16xi8>) outs(%z : tensor<1x16xi32>) -> tensor<1x16xi32>
  %o = tensor.empty() : tensor<1x16xi8>
  %r = linalg.generic {
      indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%acc : tensor<1x16xi32>) outs(%o : tensor<1x16xi8>) {
  ^bb0(%x: i32, %out: i8):
    %c5 = arith.constant 5 : i32
    %zero = arith.constant 0 : i32
    %s = arith.shrsi %x, %c5 : i32
    %u = arith.maxsi %s, %zero : i32
    %y = arith.trunci %u : i32 to i8
    linalg.yield %y : i8
  } -> tensor<1x16xi8>
  return %r : tensor<1x16xi8>
}

func.func @bad(%v: tensor<1x16xi8>, %m: tensor<16x16xi8>) -> tensor<1x16xi8> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x16xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x16xi32>) -> tensor<1x16xi32>
  %acc = linalg.matmul ins(%v, %m : tensor<1x16xi8>, tensor<16x16xi8>) outs(%z : tensor<1x16xi32>) -> tensor<1x16xi32>
  %o = tensor.empty() : tensor<1x16xi8>
  %r = linalg.generic {
      indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%acc : tensor<1x16xi32>) outs(%o : tensor<1x16xi8>) {
  ^bb0(%x: i32, %out: i8):
    %c3 = arith.constant 3 : i32
    %s = arith.muli %x, %c3 : i32
    %y = arith.trunci %s : i32 to i8
    linalg.yield %y : i8
  } -> tensor<1x16xi8>
  return %r : tensor<1x16xi8>
}
