// scf-forall-to-for with shared outputs: the outputs are carried as
// iter_args of the loop nest and each parallel insert becomes a
// tensor.insert_slice into the innermost carried value. (mlir-opt 22's own
// pass leaves the loop results with a null type here, so the CHECK lines
// are Strata's; the interpreter checks the meaning on random inputs.)
// RUN: strata-opt --scf-forall-to-for %s | FileCheck %s
// RUN: strata-opt --scf-forall-to-for %s --verify-equivalence=copy_rows --equivalence-trials=6 > /dev/null
// RUN: strata-opt --scf-forall-to-for %s --verify-equivalence=accumulate --equivalence-trials=6 > /dev/null

// CHECK-LABEL: func.func @copy_rows(%arg0: tensor<4x6xf32>, %arg1: tensor<4x6xf32>) -> tensor<4x6xf32> {
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c0_0 = arith.constant 0 : index
// CHECK-NEXT:    %c4 = arith.constant 4 : index
// CHECK-NEXT:    %c3 = arith.constant 3 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c1_1 = arith.constant 1 : index
// CHECK-NEXT:    %0 = scf.for %arg2 = %c0 to %c4 step %c1 iter_args(%arg3 = %arg1) -> (tensor<4x6xf32>) {
// CHECK-NEXT:      %1 = scf.for %arg4 = %c0_0 to %c3 step %c1_1 iter_args(%arg5 = %arg3) -> (tensor<4x6xf32>) {
// CHECK-NEXT:        %2 = arith.muli %arg4, %c2 : index
// CHECK-NEXT:        %extracted_slice = tensor.extract_slice %arg0[%arg2, %2] [1, 2] [1, 1] : tensor<4x6xf32> to tensor<1x2xf32>
// CHECK-NEXT:        %inserted_slice = tensor.insert_slice %extracted_slice into %arg5[%arg2, %2] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<4x6xf32>
// CHECK-NEXT:        scf.yield %inserted_slice : tensor<4x6xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %1 : tensor<4x6xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0 : tensor<4x6xf32>
func.func @copy_rows(%in: tensor<4x6xf32>, %out: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %c2 = arith.constant 2 : index
  %r = scf.forall (%i, %j) in (4, 3) shared_outs(%o = %out) -> (tensor<4x6xf32>) {
    %off = arith.muli %j, %c2 : index
    %s = tensor.extract_slice %in[%i, %off] [1, 2] [1, 1] : tensor<4x6xf32> to tensor<1x2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, %off] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<4x6xf32>
    }
  }
  return %r : tensor<4x6xf32>
}


// Two inserts into one output and a read of the shared output: each
// iteration sees what the iterations before wrote.
// CHECK-LABEL: func.func @accumulate(
// CHECK:         scf.for {{.*}} iter_args(%[[ACC:.*]] = %arg1) -> (tensor<8xf32>) {
// CHECK-NEXT:      %[[PREV:.*]] = tensor.extract_slice %[[ACC]]
// CHECK:           %[[A:.*]] = tensor.insert_slice {{.*}} into %[[ACC]]
// CHECK-NEXT:      %[[B:.*]] = tensor.insert_slice {{.*}} into %[[A]]
// CHECK-NEXT:      scf.yield %[[B]] : tensor<8xf32>
func.func @accumulate(%in: tensor<4xf32>, %out: tensor<8xf32>) -> tensor<8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %out) -> (tensor<8xf32>) {
    %prev = tensor.extract_slice %o[%i] [1] [1] : tensor<8xf32> to tensor<1xf32>
    %x = tensor.extract_slice %in[%i] [1] [1] : tensor<4xf32> to tensor<1xf32>
    %s = arith.addf %prev, %x : tensor<1xf32>
    %k = arith.addi %i, %i : index
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%k] [1] [1] : tensor<1xf32> into tensor<8xf32>
      tensor.parallel_insert_slice %x into %o[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}
