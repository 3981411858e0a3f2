// RUN: strata-opt --allow-unregistered-dialect %s --split-input-file --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s --split-input-file 2>&1 | FileCheck %s

// MLIR's bare wording, with nothing after the bracket.
// CHECK: strided-missing-bracket.mlir:8:47: error: expected '['{{$}}
// CHECK: strided-missing-bracket.mlir:13:49: error: expected ']'{{$}}
// expected-error @+1 {{expected '['}}
%0 = "foo.op"() : () -> memref<4xf32, strided<1>>

// -----

// expected-error @+1 {{expected ']'}}
%0 = "foo.op"() : () -> memref<4xf32, strided<[1>>
