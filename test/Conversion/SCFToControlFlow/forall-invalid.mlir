// An scf.forall with shared outputs has no scf.parallel form before
// bufferization: convert-scf-to-cf fails on it with MLIR 22's message.
// RUN: strata-opt --convert-scf-to-cf --verify-diagnostics %s
// REQUIRES: mlir-opt
// RUN: mlir-opt --convert-scf-to-cf --verify-diagnostics %s

func.func @shared(%t: tensor<8xi32>) -> tensor<8xi32> {
  // expected-error @+1 {{failed to legalize operation 'scf.forall' that was explicitly marked illegal}}
  %r = scf.forall (%i) in (8) shared_outs(%o = %t) -> tensor<8xi32> {
    %s = tensor.extract_slice %o[%i] [1] [1] : tensor<8xi32> to tensor<1xi32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [1] [1] : tensor<1xi32> into tensor<8xi32>
    }
  }
  return %r : tensor<8xi32>
}
