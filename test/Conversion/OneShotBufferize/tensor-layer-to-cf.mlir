
// CHECK: module {
// CHECK-NEXT: func.func @mlp(%arg0: memref<4x8xf32, strided<[?, ?], offset: ?>>, %arg1: memref<8x8xf32, strided<[?, ?], offset: ?>>, %arg2: memref<8xf32, strided<[?], offset: ?>>) -> memref<4x8xf32, strided<[?, ?], offset: ?>> {
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: cf.br ^bb1(%c0, %arg0 : index, memref<4x8xf32, strided<[?, ?], offset: ?>>)
// CHECK-NEXT: ^bb1(%0: index, %1: memref<4x8xf32, strided<[?, ?], offset: ?>>):  // 2 preds: ^bb0, ^bb29
// CHECK-NEXT: %2 = arith.cmpi slt, %0, %c3 : index
// CHECK-NEXT: cf.cond_br %2, ^bb2, ^bb30
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
// CHECK-NEXT: cf.br ^bb3(%c0 : index)
// CHECK-NEXT: ^bb3(%3: index):  // 2 preds: ^bb2, ^bb7
// CHECK-NEXT: %4 = arith.cmpi slt, %3, %c4 : index
// CHECK-NEXT: cf.cond_br %4, ^bb4, ^bb8
// CHECK-NEXT: ^bb4:  // pred: ^bb3
// CHECK-NEXT: cf.br ^bb5(%c0 : index)
// CHECK-NEXT: ^bb5(%5: index):  // 2 preds: ^bb4, ^bb6
// CHECK-NEXT: %6 = arith.cmpi slt, %5, %c8 : index
// CHECK-NEXT: cf.cond_br %6, ^bb6, ^bb7
// CHECK-NEXT: ^bb6:  // pred: ^bb5
// CHECK-NEXT: memref.store %cst, %alloc[%3, %5] : memref<4x8xf32>
// CHECK-NEXT: %7 = arith.addi %5, %c1 : index
// CHECK-NEXT: cf.br ^bb5(%7 : index)
// CHECK-NEXT: ^bb7:  // pred: ^bb5
// CHECK-NEXT: %8 = arith.addi %3, %c1 : index
// CHECK-NEXT: cf.br ^bb3(%8 : index)
// CHECK-NEXT: ^bb8:  // pred: ^bb3
// CHECK-NEXT: cf.br ^bb9(%c0 : index)
// CHECK-NEXT: ^bb9(%9: index):  // 2 preds: ^bb8, ^bb16
// CHECK-NEXT: %10 = arith.cmpi slt, %9, %c4 : index
// CHECK-NEXT: cf.cond_br %10, ^bb10, ^bb17
// CHECK-NEXT: ^bb10:  // pred: ^bb9
// CHECK-NEXT: cf.br ^bb11(%c0 : index)
// CHECK-NEXT: ^bb11(%11: index):  // 2 preds: ^bb10, ^bb15
// CHECK-NEXT: %12 = arith.cmpi slt, %11, %c8 : index
// CHECK-NEXT: cf.cond_br %12, ^bb12, ^bb16
// CHECK-NEXT: ^bb12:  // pred: ^bb11
// CHECK-NEXT: cf.br ^bb13(%c0 : index)
// CHECK-NEXT: ^bb13(%13: index):  // 2 preds: ^bb12, ^bb14
// CHECK-NEXT: %14 = arith.cmpi slt, %13, %c8 : index
// CHECK-NEXT: cf.cond_br %14, ^bb14, ^bb15
// CHECK-NEXT: ^bb14:  // pred: ^bb13
// CHECK-NEXT: %15 = memref.load %1[%9, %13] : memref<4x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %16 = memref.load %arg1[%13, %11] : memref<8x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %17 = memref.load %alloc[%9, %11] : memref<4x8xf32>
// CHECK-NEXT: %18 = arith.mulf %15, %16 : f32
// CHECK-NEXT: %19 = arith.addf %17, %18 : f32
// CHECK-NEXT: memref.store %19, %alloc[%9, %11] : memref<4x8xf32>
// CHECK-NEXT: %20 = arith.addi %13, %c1 : index
// CHECK-NEXT: cf.br ^bb13(%20 : index)
// CHECK-NEXT: ^bb15:  // pred: ^bb13
// CHECK-NEXT: %21 = arith.addi %11, %c1 : index
// CHECK-NEXT: cf.br ^bb11(%21 : index)
// CHECK-NEXT: ^bb16:  // pred: ^bb11
// CHECK-NEXT: %22 = arith.addi %9, %c1 : index
// CHECK-NEXT: cf.br ^bb9(%22 : index)
// CHECK-NEXT: ^bb17:  // pred: ^bb9
// CHECK-NEXT: cf.br ^bb18(%c0 : index)
// CHECK-NEXT: ^bb18(%23: index):  // 2 preds: ^bb17, ^bb22
// CHECK-NEXT: %24 = arith.cmpi slt, %23, %c4 : index
// CHECK-NEXT: cf.cond_br %24, ^bb19, ^bb23
// CHECK-NEXT: ^bb19:  // pred: ^bb18
// CHECK-NEXT: cf.br ^bb20(%c0 : index)
// CHECK-NEXT: ^bb20(%25: index):  // 2 preds: ^bb19, ^bb21
// CHECK-NEXT: %26 = arith.cmpi slt, %25, %c8 : index
// CHECK-NEXT: cf.cond_br %26, ^bb21, ^bb22
// CHECK-NEXT: ^bb21:  // pred: ^bb20
// CHECK-NEXT: %27 = memref.load %alloc[%23, %25] : memref<4x8xf32>
// CHECK-NEXT: %28 = memref.load %arg2[%25] : memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %29 = arith.addf %27, %28 : f32
// CHECK-NEXT: memref.store %29, %1[%23, %25] : memref<4x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %30 = arith.addi %25, %c1 : index
// CHECK-NEXT: cf.br ^bb20(%30 : index)
// CHECK-NEXT: ^bb22:  // pred: ^bb20
// CHECK-NEXT: %31 = arith.addi %23, %c1 : index
// CHECK-NEXT: cf.br ^bb18(%31 : index)
// CHECK-NEXT: ^bb23:  // pred: ^bb18
// CHECK-NEXT: cf.br ^bb24(%c0 : index)
// CHECK-NEXT: ^bb24(%32: index):  // 2 preds: ^bb23, ^bb28
// CHECK-NEXT: %33 = arith.cmpi slt, %32, %c4 : index
// CHECK-NEXT: cf.cond_br %33, ^bb25, ^bb29
// CHECK-NEXT: ^bb25:  // pred: ^bb24
// CHECK-NEXT: cf.br ^bb26(%c0 : index)
// CHECK-NEXT: ^bb26(%34: index):  // 2 preds: ^bb25, ^bb27
// CHECK-NEXT: %35 = arith.cmpi slt, %34, %c8 : index
// CHECK-NEXT: cf.cond_br %35, ^bb27, ^bb28
// CHECK-NEXT: ^bb27:  // pred: ^bb26
// CHECK-NEXT: %36 = memref.load %1[%32, %34] : memref<4x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %37 = arith.maximumf %36, %cst : f32
// CHECK-NEXT: memref.store %37, %1[%32, %34] : memref<4x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %38 = arith.addi %34, %c1 : index
// CHECK-NEXT: cf.br ^bb26(%38 : index)
// CHECK-NEXT: ^bb28:  // pred: ^bb26
// CHECK-NEXT: %39 = arith.addi %32, %c1 : index
// CHECK-NEXT: cf.br ^bb24(%39 : index)
// CHECK-NEXT: ^bb29:  // pred: ^bb24
// CHECK-NEXT: %40 = arith.addi %0, %c1 : index
// CHECK-NEXT: cf.br ^bb1(%40, %1 : index, memref<4x8xf32, strided<[?, ?], offset: ?>>)
// CHECK-NEXT: ^bb30:  // pred: ^bb1
// CHECK-NEXT: return %1 : memref<4x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:

// End to end: a tensor-level layer (matmul + bias + relu, three times in an
// scf.for whose iter_args carry the activations) through one-shot-bufferize
// (the loop-carried tensor and the bias/relu ops write the init buffer in
// place), convert-linalg-to-loops, lower-affine and convert-scf-to-cf; the
// output is mlir-opt 22's, the interpreter computes the same before and
// after, and the C back end runs the result (identity layouts at the
// function boundary, which strata-run --target c needs) with the same bits.
// RUN: strata-opt %s --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries},convert-linalg-to-loops,lower-affine,convert-scf-to-cf)" | FileCheck %s
// RUN: strata-opt %s --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries},convert-linalg-to-loops,lower-affine,convert-scf-to-cf)" --verify-equivalence --equivalence-trials=4 > /dev/null
// RUN: strata-opt %s --pass-pipeline="builtin.module(one-shot-bufferize,convert-linalg-to-loops,lower-affine,convert-scf-to-cf)" --verify-equivalence --equivalence-trials=4 > /dev/null
// RUN: strata-opt %s --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},convert-linalg-to-loops,lower-affine,convert-scf-to-cf)" -o %t.mlir
// RUN: strata-run %s --entry mlp --random-inputs --seed 3 --print | sed 's/ (memref.*)$//' > %t.tensor
// RUN: strata-run %t.mlir --entry mlp --random-inputs --seed 3 --print | sed 's/ (memref.*)$//' > %t.interp
// RUN: diff %t.tensor %t.interp
// RUN: strata-run %t.mlir --entry mlp --random-inputs --seed 3 --print --target c | sed 's/ (memref.*)$//' > %t.c
// RUN: diff %t.tensor %t.c
// RUN: FileCheck %s --check-prefix=VALUES --input-file %t.c
// VALUES: dense<{{\[\[[-0-9.e+]+, .*\]\]}}> : tensor<4x8xf32>
// REQUIRES: mlir-opt
// RUN: strata-opt %s --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries},convert-linalg-to-loops,lower-affine,convert-scf-to-cf)" | %mlir-accepts > /dev/null

func.func @mlp(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>, %bias: tensor<8xf32>) -> tensor<4x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%h = %x) -> (tensor<4x8xf32>) {
    %e = tensor.empty() : tensor<4x8xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
    %m = linalg.matmul ins(%h, %w : tensor<4x8xf32>, tensor<8x8xf32>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
    %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<4x8xf32>, tensor<8xf32>) outs(%h : tensor<4x8xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %t = arith.addf %a, %b : f32
      linalg.yield %t : f32
    } -> tensor<4x8xf32>
    %y = linalg.map ins(%s : tensor<4x8xf32>) outs(%s : tensor<4x8xf32>)
      (%v: f32, %o: f32) {
        %t = arith.maximumf %v, %zero : f32
        linalg.yield %t : f32
      }
    scf.yield %y : tensor<4x8xf32>
  }
  return %r : tensor<4x8xf32>
}
