// RUN: strata-opt %s --one-shot-bufferize=bufferize-function-boundaries --verify-diagnostics

// The condition must forward the before-region argument's buffer (MLIR 22's message).
func.func @bad(%t: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %r = scf.while (%a = %t) : (tensor<4xf32>) -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    // expected-error @+1 {{Condition arg #0 is not equivalent to the corresponding iter bbArg}}
    scf.condition(%c) %e : tensor<4xf32>
  } do {
  ^bb0(%b: tensor<4xf32>):
    scf.yield %b : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
