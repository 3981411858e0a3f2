
// CHECK: #map = affine_map<(d0, d1) -> (d0 + d1)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @matmul(%arg0: memref<4x8xf32>, %arg1: memref<8x16xf32>, %arg2: memref<4x16xf32>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c16 = arith.constant 16 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: scf.parallel (%arg3, %arg4) = (%c0, %c0) to (%c4, %c16) step (%c1, %c1) {
// CHECK-NEXT: scf.for %arg5 = %c0 to %c8 step %c1 {
// CHECK-NEXT: %0 = memref.load %arg0[%arg3, %arg5] : memref<4x8xf32>
// CHECK-NEXT: %1 = memref.load %arg1[%arg5, %arg4] : memref<8x16xf32>
// CHECK-NEXT: %2 = memref.load %arg2[%arg3, %arg4] : memref<4x16xf32>
// CHECK-NEXT: %3 = arith.mulf %0, %1 : f32
// CHECK-NEXT: %4 = arith.addf %2, %3 : f32
// CHECK-NEXT: memref.store %4, %arg2[%arg3, %arg4] : memref<4x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @map(%arg0: memref<?x8xf32>, %arg1: memref<?x8xf32>) {
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x8xf32>
// CHECK-NEXT: scf.parallel (%arg2, %arg3) = (%c0, %c0) to (%dim, %c8) step (%c1, %c1) {
// CHECK-NEXT: %0 = memref.load %arg0[%arg2, %arg3] : memref<?x8xf32>
// CHECK-NEXT: %1 = math.absf %0 : f32
// CHECK-NEXT: memref.store %1, %arg1[%arg2, %arg3] : memref<?x8xf32>
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @reduction_first(%arg0: memref<4x8xf32>, %arg1: memref<8xf32>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: scf.for %arg2 = %c0 to %c8 step %c1 {
// CHECK-NEXT: scf.parallel (%arg3, %arg4) = (%c0, %c0) to (%c4, %c8) step (%c1, %c1) {
// CHECK-NEXT: %0 = memref.load %arg0[%arg3, %arg2] : memref<4x8xf32>
// CHECK-NEXT: %1 = memref.load %arg1[%arg4] : memref<8xf32>
// CHECK-NEXT: %2 = arith.addf %0, %1 : f32
// CHECK-NEXT: memref.store %2, %arg1[%arg4] : memref<8xf32>
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @interleaved(%arg0: memref<3x4x5xi32>, %arg1: memref<3x5xi32>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c5 = arith.constant 5 : index
// CHECK-NEXT: scf.parallel (%arg2) = (%c0) to (%c3) step (%c1) {
// CHECK-NEXT: scf.for %arg3 = %c0 to %c4 step %c1 {
// CHECK-NEXT: scf.parallel (%arg4) = (%c0) to (%c5) step (%c1) {
// CHECK-NEXT: %0 = memref.load %arg0[%arg2, %arg3, %arg4] : memref<3x4x5xi32>
// CHECK-NEXT: %1 = memref.load %arg1[%arg2, %arg4] : memref<3x5xi32>
// CHECK-NEXT: %2 = arith.index_cast %arg3 : index to i32
// CHECK-NEXT: %3 = arith.muli %0, %2 : i32
// CHECK-NEXT: %4 = arith.addi %3, %1 : i32
// CHECK-NEXT: memref.store %4, %arg1[%arg2, %arg4] : memref<3x5xi32>
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @conv(%arg0: memref<10xf32>, %arg1: memref<3xf32>, %arg2: memref<8xf32>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: scf.parallel (%arg3) = (%c0) to (%c8) step (%c1) {
// CHECK-NEXT: scf.for %arg4 = %c0 to %c3 step %c1 {
// CHECK-NEXT: %0 = affine.apply #map(%arg3, %arg4)
// CHECK-NEXT: %1 = memref.load %arg0[%0] : memref<10xf32>
// CHECK-NEXT: %2 = memref.load %arg1[%arg4] : memref<3xf32>
// CHECK-NEXT: %3 = memref.load %arg2[%arg3] : memref<8xf32>
// CHECK-NEXT: %4 = arith.mulf %1, %2 : f32
// CHECK-NEXT: %5 = arith.addf %3, %4 : f32
// CHECK-NEXT: memref.store %5, %arg2[%arg3] : memref<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CF: #map = affine_map<(d0, d1) -> (d0 + d1)>
// CF-NEXT: module {
// CF-NEXT: func.func @matmul(%arg0: memref<4x8xf32>, %arg1: memref<8x16xf32>, %arg2: memref<4x16xf32>) {
// CF-NEXT: %c0 = arith.constant 0 : index
// CF-NEXT: %c4 = arith.constant 4 : index
// CF-NEXT: %c1 = arith.constant 1 : index
// CF-NEXT: %c16 = arith.constant 16 : index
// CF-NEXT: %c8 = arith.constant 8 : index
// CF-NEXT: cf.br ^bb1(%c0 : index)
// CF-NEXT: ^bb1(%0: index):  // 2 preds: ^bb0, ^bb8
// CF-NEXT: %1 = arith.cmpi slt, %0, %c4 : index
// CF-NEXT: cf.cond_br %1, ^bb2, ^bb9
// CF-NEXT: ^bb2:  // pred: ^bb1
// CF-NEXT: cf.br ^bb3(%c0 : index)
// CF-NEXT: ^bb3(%2: index):  // 2 preds: ^bb2, ^bb7
// CF-NEXT: %3 = arith.cmpi slt, %2, %c16 : index
// CF-NEXT: cf.cond_br %3, ^bb4, ^bb8
// CF-NEXT: ^bb4:  // pred: ^bb3
// CF-NEXT: cf.br ^bb5(%c0 : index)
// CF-NEXT: ^bb5(%4: index):  // 2 preds: ^bb4, ^bb6
// CF-NEXT: %5 = arith.cmpi slt, %4, %c8 : index
// CF-NEXT: cf.cond_br %5, ^bb6, ^bb7
// CF-NEXT: ^bb6:  // pred: ^bb5
// CF-NEXT: %6 = memref.load %arg0[%0, %4] : memref<4x8xf32>
// CF-NEXT: %7 = memref.load %arg1[%4, %2] : memref<8x16xf32>
// CF-NEXT: %8 = memref.load %arg2[%0, %2] : memref<4x16xf32>
// CF-NEXT: %9 = arith.mulf %6, %7 : f32
// CF-NEXT: %10 = arith.addf %8, %9 : f32
// CF-NEXT: memref.store %10, %arg2[%0, %2] : memref<4x16xf32>
// CF-NEXT: %11 = arith.addi %4, %c1 : index
// CF-NEXT: cf.br ^bb5(%11 : index)
// CF-NEXT: ^bb7:  // pred: ^bb5
// CF-NEXT: %12 = arith.addi %2, %c1 : index
// CF-NEXT: cf.br ^bb3(%12 : index)
// CF-NEXT: ^bb8:  // pred: ^bb3
// CF-NEXT: %13 = arith.addi %0, %c1 : index
// CF-NEXT: cf.br ^bb1(%13 : index)
// CF-NEXT: ^bb9:  // pred: ^bb1
// CF-NEXT: return
// CF-NEXT: }
// CF-NEXT: func.func @map(%arg0: memref<?x8xf32>, %arg1: memref<?x8xf32>) {
// CF-NEXT: %c8 = arith.constant 8 : index
// CF-NEXT: %c1 = arith.constant 1 : index
// CF-NEXT: %c0 = arith.constant 0 : index
// CF-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x8xf32>
// CF-NEXT: cf.br ^bb1(%c0 : index)
// CF-NEXT: ^bb1(%0: index):  // 2 preds: ^bb0, ^bb5
// CF-NEXT: %1 = arith.cmpi slt, %0, %dim : index
// CF-NEXT: cf.cond_br %1, ^bb2, ^bb6
// CF-NEXT: ^bb2:  // pred: ^bb1
// CF-NEXT: cf.br ^bb3(%c0 : index)
// CF-NEXT: ^bb3(%2: index):  // 2 preds: ^bb2, ^bb4
// CF-NEXT: %3 = arith.cmpi slt, %2, %c8 : index
// CF-NEXT: cf.cond_br %3, ^bb4, ^bb5
// CF-NEXT: ^bb4:  // pred: ^bb3
// CF-NEXT: %4 = memref.load %arg0[%0, %2] : memref<?x8xf32>
// CF-NEXT: %5 = math.absf %4 : f32
// CF-NEXT: memref.store %5, %arg1[%0, %2] : memref<?x8xf32>
// CF-NEXT: %6 = arith.addi %2, %c1 : index
// CF-NEXT: cf.br ^bb3(%6 : index)
// CF-NEXT: ^bb5:  // pred: ^bb3
// CF-NEXT: %7 = arith.addi %0, %c1 : index
// CF-NEXT: cf.br ^bb1(%7 : index)
// CF-NEXT: ^bb6:  // pred: ^bb1
// CF-NEXT: return
// CF-NEXT: }
// CF-NEXT: func.func @reduction_first(%arg0: memref<4x8xf32>, %arg1: memref<8xf32>) {
// CF-NEXT: %c0 = arith.constant 0 : index
// CF-NEXT: %c8 = arith.constant 8 : index
// CF-NEXT: %c1 = arith.constant 1 : index
// CF-NEXT: %c4 = arith.constant 4 : index
// CF-NEXT: cf.br ^bb1(%c0 : index)
// CF-NEXT: ^bb1(%0: index):  // 2 preds: ^bb0, ^bb8
// CF-NEXT: %1 = arith.cmpi slt, %0, %c8 : index
// CF-NEXT: cf.cond_br %1, ^bb2, ^bb9
// CF-NEXT: ^bb2:  // pred: ^bb1
// CF-NEXT: cf.br ^bb3(%c0 : index)
// CF-NEXT: ^bb3(%2: index):  // 2 preds: ^bb2, ^bb7
// CF-NEXT: %3 = arith.cmpi slt, %2, %c4 : index
// CF-NEXT: cf.cond_br %3, ^bb4, ^bb8
// CF-NEXT: ^bb4:  // pred: ^bb3
// CF-NEXT: cf.br ^bb5(%c0 : index)
// CF-NEXT: ^bb5(%4: index):  // 2 preds: ^bb4, ^bb6
// CF-NEXT: %5 = arith.cmpi slt, %4, %c8 : index
// CF-NEXT: cf.cond_br %5, ^bb6, ^bb7
// CF-NEXT: ^bb6:  // pred: ^bb5
// CF-NEXT: %6 = memref.load %arg0[%2, %0] : memref<4x8xf32>
// CF-NEXT: %7 = memref.load %arg1[%4] : memref<8xf32>
// CF-NEXT: %8 = arith.addf %6, %7 : f32
// CF-NEXT: memref.store %8, %arg1[%4] : memref<8xf32>
// CF-NEXT: %9 = arith.addi %4, %c1 : index
// CF-NEXT: cf.br ^bb5(%9 : index)
// CF-NEXT: ^bb7:  // pred: ^bb5
// CF-NEXT: %10 = arith.addi %2, %c1 : index
// CF-NEXT: cf.br ^bb3(%10 : index)
// CF-NEXT: ^bb8:  // pred: ^bb3
// CF-NEXT: %11 = arith.addi %0, %c1 : index
// CF-NEXT: cf.br ^bb1(%11 : index)
// CF-NEXT: ^bb9:  // pred: ^bb1
// CF-NEXT: return
// CF-NEXT: }
// CF-NEXT: func.func @interleaved(%arg0: memref<3x4x5xi32>, %arg1: memref<3x5xi32>) {
// CF-NEXT: %c0 = arith.constant 0 : index
// CF-NEXT: %c3 = arith.constant 3 : index
// CF-NEXT: %c1 = arith.constant 1 : index
// CF-NEXT: %c4 = arith.constant 4 : index
// CF-NEXT: %c5 = arith.constant 5 : index
// CF-NEXT: cf.br ^bb1(%c0 : index)
// CF-NEXT: ^bb1(%0: index):  // 2 preds: ^bb0, ^bb8
// CF-NEXT: %1 = arith.cmpi slt, %0, %c3 : index
// CF-NEXT: cf.cond_br %1, ^bb2, ^bb9
// CF-NEXT: ^bb2:  // pred: ^bb1
// CF-NEXT: cf.br ^bb3(%c0 : index)
// CF-NEXT: ^bb3(%2: index):  // 2 preds: ^bb2, ^bb7
// CF-NEXT: %3 = arith.cmpi slt, %2, %c4 : index
// CF-NEXT: cf.cond_br %3, ^bb4, ^bb8
// CF-NEXT: ^bb4:  // pred: ^bb3
// CF-NEXT: cf.br ^bb5(%c0 : index)
// CF-NEXT: ^bb5(%4: index):  // 2 preds: ^bb4, ^bb6
// CF-NEXT: %5 = arith.cmpi slt, %4, %c5 : index
// CF-NEXT: cf.cond_br %5, ^bb6, ^bb7
// CF-NEXT: ^bb6:  // pred: ^bb5
// CF-NEXT: %6 = memref.load %arg0[%0, %2, %4] : memref<3x4x5xi32>
// CF-NEXT: %7 = memref.load %arg1[%0, %4] : memref<3x5xi32>
// CF-NEXT: %8 = arith.index_cast %2 : index to i32
// CF-NEXT: %9 = arith.muli %6, %8 : i32
// CF-NEXT: %10 = arith.addi %9, %7 : i32
// CF-NEXT: memref.store %10, %arg1[%0, %4] : memref<3x5xi32>
// CF-NEXT: %11 = arith.addi %4, %c1 : index
// CF-NEXT: cf.br ^bb5(%11 : index)
// CF-NEXT: ^bb7:  // pred: ^bb5
// CF-NEXT: %12 = arith.addi %2, %c1 : index
// CF-NEXT: cf.br ^bb3(%12 : index)
// CF-NEXT: ^bb8:  // pred: ^bb3
// CF-NEXT: %13 = arith.addi %0, %c1 : index
// CF-NEXT: cf.br ^bb1(%13 : index)
// CF-NEXT: ^bb9:  // pred: ^bb1
// CF-NEXT: return
// CF-NEXT: }
// CF-NEXT: func.func @conv(%arg0: memref<10xf32>, %arg1: memref<3xf32>, %arg2: memref<8xf32>) {
// CF-NEXT: %c0 = arith.constant 0 : index
// CF-NEXT: %c8 = arith.constant 8 : index
// CF-NEXT: %c1 = arith.constant 1 : index
// CF-NEXT: %c3 = arith.constant 3 : index
// CF-NEXT: cf.br ^bb1(%c0 : index)
// CF-NEXT: ^bb1(%0: index):  // 2 preds: ^bb0, ^bb5
// CF-NEXT: %1 = arith.cmpi slt, %0, %c8 : index
// CF-NEXT: cf.cond_br %1, ^bb2, ^bb6
// CF-NEXT: ^bb2:  // pred: ^bb1
// CF-NEXT: cf.br ^bb3(%c0 : index)
// CF-NEXT: ^bb3(%2: index):  // 2 preds: ^bb2, ^bb4
// CF-NEXT: %3 = arith.cmpi slt, %2, %c3 : index
// CF-NEXT: cf.cond_br %3, ^bb4, ^bb5
// CF-NEXT: ^bb4:  // pred: ^bb3
// CF-NEXT: %4 = affine.apply #map(%0, %2)
// CF-NEXT: %5 = memref.load %arg0[%4] : memref<10xf32>
// CF-NEXT: %6 = memref.load %arg1[%2] : memref<3xf32>
// CF-NEXT: %7 = memref.load %arg2[%0] : memref<8xf32>
// CF-NEXT: %8 = arith.mulf %5, %6 : f32
// CF-NEXT: %9 = arith.addf %7, %8 : f32
// CF-NEXT: memref.store %9, %arg2[%0] : memref<8xf32>
// CF-NEXT: %10 = arith.addi %2, %c1 : index
// CF-NEXT: cf.br ^bb3(%10 : index)
// CF-NEXT: ^bb5:  // pred: ^bb3
// CF-NEXT: %11 = arith.addi %0, %c1 : index
// CF-NEXT: cf.br ^bb1(%11 : index)
// CF-NEXT: ^bb6:  // pred: ^bb1
// CF-NEXT: return
// CF-NEXT: }
// CF-NEXT: }
// CF-EMPTY:

// convert-linalg-to-parallel-loops: each run of parallel iterators becomes
// one scf.parallel, each reduction iterator an scf.for (output as mlir-opt
// 22's); the loops compute what the linalg ops computed, also after
// convert-scf-to-cf lowers scf.parallel through scf.for, and after
// lower-affine.
// RUN: strata-opt %s --convert-linalg-to-parallel-loops | FileCheck %s
// RUN: strata-opt %s --convert-linalg-to-parallel-loops --convert-scf-to-cf | FileCheck %s --check-prefix=CF
// RUN: strata-opt %s --convert-linalg-to-parallel-loops --verify-equivalence --equivalence-trials=5 > /dev/null
// RUN: strata-opt %s --pass-pipeline="builtin.module(convert-linalg-to-parallel-loops,lower-affine,convert-scf-to-cf)" --verify-equivalence --equivalence-seed=7 > /dev/null
// REQUIRES: mlir-opt
// RUN: strata-opt %s --convert-linalg-to-parallel-loops | %mlir-accepts > /dev/null

// Parallel i, j outside, the reduction k inside.
func.func @matmul(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
  return
}

// A dynamic bound read with memref.dim.
func.func @map(%a: memref<?x8xf32>, %c: memref<?x8xf32>) {
  linalg.map { math.absf } ins(%a : memref<?x8xf32>) outs(%c : memref<?x8xf32>)
  return
}

// A reduction outside, two parallel loops inside.
func.func @reduction_first(%a: memref<4x8xf32>, %c: memref<8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0)>, affine_map<(d0, d1, d2) -> (d2)>], iterator_types = ["reduction", "parallel", "parallel"]} ins(%a : memref<4x8xf32>) outs(%c : memref<8xf32>) {
  ^bb0(%x: f32, %y: f32):
    %z = arith.addf %x, %y : f32
    linalg.yield %z : f32
  }
  return
}

// Parallel, reduction, parallel: scf.parallel, scf.for, scf.parallel; the
// index map needs an affine.apply.
func.func @interleaved(%a: memref<3x4x5xi32>, %c: memref<3x5xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a : memref<3x4x5xi32>) outs(%c : memref<3x5xi32>) {
  ^bb0(%x: i32, %y: i32):
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %m = arith.muli %x, %ii : i32
    %z = arith.addi %m, %y : i32
    linalg.yield %z : i32
  }
  return
}

// A 1-D convolution: the input index is d0 + d1.
func.func @conv(%in: memref<10xf32>, %k: memref<3xf32>, %out: memref<8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 + d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%in, %k : memref<10xf32>, memref<3xf32>) outs(%out : memref<8xf32>) {
  ^bb0(%x: f32, %w: f32, %y: f32):
    %m = arith.mulf %x, %w : f32
    %z = arith.addf %y, %m : f32
    linalg.yield %z : f32
  }
  return
}
