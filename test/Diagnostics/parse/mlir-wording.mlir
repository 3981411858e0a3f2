// RUN: strata-opt --allow-unregistered-dialect %s --split-input-file --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s --split-input-file 2>&1 | FileCheck %s

// mlir-opt 22's exact wording.
// CHECK: mlir-wording.mlir:9:25: error: invalid integer width{{$}}
// CHECK: mlir-wording.mlir:14:19: error: expected ')'{{$}}

// expected-error @+1 {{invalid integer width}}
%0 = "foo.op"() : () -> i21312312323120

// -----

func.func @block_no_rparen() {
^bb42 (%bb42 : i32: // expected-error {{expected ')'}}
  return
}
