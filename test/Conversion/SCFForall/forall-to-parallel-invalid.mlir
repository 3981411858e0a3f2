// scf-forall-to-parallel refuses a forall with shared outputs (as MLIR's
// pass fails on it: its parallel inserts have no scf.parallel form).
// RUN: not strata-opt --scf-forall-to-parallel %s 2>&1 | FileCheck %s
// REQUIRES: mlir-opt
// RUN: not mlir-opt --scf-forall-to-parallel %s

// CHECK: error: only fully bufferized scf.forall ops can be lowered to scf.parallel
func.func @with_outputs(%in: tensor<1xf32>, %out: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %out) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %in into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return %r : tensor<4xf32>
}
