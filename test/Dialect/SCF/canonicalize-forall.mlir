// scf.forall canonicalizations of MLIR 22: constant bounds become static
// (ForallOpControlOperandsFolder), shared outputs whose result is unused or
// that no thread writes go (ForallOpIterArgsFolder), single-iteration
// dimensions go and a loop running once is inlined with its parallel
// inserts as tensor.insert_slice, a loop running zero times is its outputs
// (ForallOpSingleOrZeroIterationDimsFolder), tensor.dim of a result reads
// the output (DimOfForallOp), and constant parallel-insert offsets become
// static. CHECK lines are mlir-opt 22's output (but for @once, where
// mlir-opt also folds the constant offsets of tensor.insert_slice); the interpreter runs every
// function before and after on random inputs.
// RUN: strata-opt --canonicalize %s | FileCheck %s
// RUN: strata-opt --canonicalize %s --verify-equivalence=control --equivalence-trials=6 > /dev/null
// RUN: strata-opt --canonicalize %s --verify-equivalence=dead_outputs --equivalence-trials=6 > /dev/null
// RUN: strata-opt --canonicalize %s --verify-equivalence=single_dim --equivalence-trials=6 > /dev/null
// RUN: strata-opt --canonicalize %s --verify-equivalence=once --equivalence-trials=6 > /dev/null
// RUN: strata-opt --canonicalize %s --verify-equivalence=never --equivalence-trials=6 > /dev/null
// RUN: strata-opt --canonicalize %s --verify-equivalence=dim --equivalence-trials=6 > /dev/null
// REQUIRES: mlir-opt
// RUN: mlir-opt --canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @control(%arg0: tensor<4x6xf32>, %arg1: tensor<4x6xf32>) -> tensor<4x6xf32> {
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %0 = scf.forall (%arg2, %arg3) in (4, 3) shared_outs(%arg4 = %arg1) -> (tensor<4x6xf32>) {
// CHECK-NEXT: %1 = arith.muli %arg3, %c2 : index
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%arg2, %1] [1, 2] [1, 1] : tensor<4x6xf32> to tensor<1x2xf32>
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %extracted_slice into %arg4[%arg2, %1] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<4x6xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : tensor<4x6xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @dead_outputs(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>, %arg3: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
// CHECK-NEXT: %0 = scf.forall (%arg4) in (4) shared_outs(%arg5 = %arg1) -> (tensor<4xf32>) {
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%arg4] [1] [1] : tensor<4xf32> to tensor<1xf32>
// CHECK-NEXT: %extracted_slice_0 = tensor.extract_slice %arg2[%arg4] [1] [1] : tensor<4xf32> to tensor<1xf32>
// CHECK-NEXT: %1 = arith.addf %extracted_slice, %extracted_slice_0 : tensor<1xf32>
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %1 into %arg5[%arg4] [1] [1] : tensor<1xf32> into tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %arg2 : tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @single_dim(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0 = scf.forall (%arg2) = (0) to (8) step (2) shared_outs(%arg3 = %arg1) -> (tensor<8xf32>) {
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%arg2] [2] [1] : tensor<8xf32> to tensor<2xf32>
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %extracted_slice into %arg3[%arg2] [2] [1] : tensor<2xf32> into tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @once(%arg0: tensor<2x3xf32>, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
// CHECK-NOT: scf.forall
// CHECK: tensor.insert_slice %arg0 into %arg1[{{.*}}] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
// CHECK-LABEL: func.func @never(%arg0: tensor<1xf32>, %arg1: tensor<4xf32>, %arg2: index) -> tensor<4xf32> {
// CHECK-NEXT: return %arg1 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @dim(%arg0: tensor<1x5xf32>, %arg1: tensor<?x5xf32>) -> index {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = tensor.dim %arg1, %c0 : tensor<?x5xf32>
// CHECK-NEXT: return %dim : index
// CHECK-NEXT: }

func.func @control(%in: tensor<4x6xf32>, %out: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c3 = arith.constant 3 : index
  %r = scf.forall (%i, %j) = (%c0, %c0) to (%c4, %c3) step (%c1, %c1) shared_outs(%o = %out) -> (tensor<4x6xf32>) {
    %off = arith.muli %j, %c2 : index
    %s = tensor.extract_slice %in[%i, %off] [1, 2] [1, 1] : tensor<4x6xf32> to tensor<1x2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, %off] [1, 2] [%c1, 1] : tensor<1x2xf32> into tensor<4x6xf32>
    }
  }
  return %r : tensor<4x6xf32>
}

func.func @dead_outputs(%in: tensor<4xf32>, %a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:3 = scf.forall (%i) in (4) shared_outs(%o = %a, %p = %b, %q = %c) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
    %s = tensor.extract_slice %in[%i] [1] [1] : tensor<4xf32> to tensor<1xf32>
    %t = tensor.extract_slice %p[%i] [1] [1] : tensor<4xf32> to tensor<1xf32>
    %u = arith.addf %s, %t : tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %u into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
      tensor.parallel_insert_slice %s into %q[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

func.func @single_dim(%in: tensor<8xf32>, %out: tensor<8xf32>) -> tensor<8xf32> {
  %r = scf.forall (%i, %j) = (0, 3) to (8, 4) step (2, 1) shared_outs(%o = %out) -> (tensor<8xf32>) {
    %k = arith.addi %i, %j : index
    %c3 = arith.constant 3 : index
    %l = arith.subi %k, %c3 : index
    %s = tensor.extract_slice %in[%l] [2] [1] : tensor<8xf32> to tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

func.func @once(%in: tensor<2x3xf32>, %out: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = scf.forall (%i, %j) = (1, 2) to (2, 3) step (4, 4) shared_outs(%o = %out) -> (tensor<8x8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %in into %o[%i, %j] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
    }
  }
  return %r : tensor<8x8xf32>
}

func.func @never(%in: tensor<1xf32>, %out: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %r = scf.forall (%i, %j) = (0, %n) to (4, %n) step (1, 1) shared_outs(%o = %out) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %in into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return %r : tensor<4xf32>
}

func.func @dim(%in: tensor<1x5xf32>, %out: tensor<?x5xf32>) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %out, %c0 : tensor<?x5xf32>
  %n = arith.minui %d, %c0 : index
  %r = scf.forall (%i) in (%n) shared_outs(%o = %out) -> (tensor<?x5xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %in into %o[%i, 0] [1, 5] [1, 1] : tensor<1x5xf32> into tensor<?x5xf32>
    }
  }
  %e = tensor.dim %r, %c0 : tensor<?x5xf32>
  return %e : index
}
