// A `test.op_with_memread` result must be an integer, as upstream.
// RUN: strata-opt %s -verify-diagnostics
// REQUIRES: mlir-opt
// RUN: mlir-opt %s -verify-diagnostics

func.func @not_integer() -> f32 {
  // expected-error @+1 {{'test.op_with_memread' op result #0 must be integer, but got 'f32'}}
  %0 = "test.op_with_memread"() : () -> f32
  return %0 : f32
}
