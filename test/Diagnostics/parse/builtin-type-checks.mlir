// RUN: strata-opt --allow-unregistered-dialect %s --split-input-file --verify-diagnostics

// Element types, memory spaces and dense literals that mlir-opt 22 rejects.

// expected-error @+1 {{invalid memref element type}}
%0 = "foo.op"() : () -> memref<?xtensor<i8>>

// -----

// expected-error @+1 {{invalid memref element type}}
%0 = "foo.op"() : () -> memref<*xtensor<i8>>

// -----

// expected-error @+1 {{invalid memref element type}}
%0 = "foo.op"() : () -> memref<4x!foo.bar>

// -----

// expected-error @+1 {{invalid tensor element type}}
%0 = "foo.op"() : () -> tensor<4xnone>

// -----

// expected-error @+1 {{unsupported memory space Attribute}}
%0 = "foo.op"() : () -> memref<4xf32, i8>

// -----

// expected-error @+1 {{unsupported memory space Attribute}}
%0 = "foo.op"() : () -> memref<*xf32, [1]>

// -----

// expected-error @+1 {{expected memory space to be last in memref type}}
%0 = "foo.op"() : () -> memref<4xf32, 1, strided<[2]>>

// -----

// expected-error @+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note @+1 {{add a trailing dot to make the literal a float}}
"foo.op"() {a = dense<[4]> : tensor<1xf32>} : () -> ()

// -----

// expected-error @+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note @+1 {{add a trailing dot to make the literal a float}}
"foo.op"() {a = -1 : f32} : () -> ()

// -----

// expected-error @+1 {{expected string containing hex digits starting with `0x`}}
"foo.op"() {a = dense<"hello"> : tensor<2xi8>} : () -> ()

// -----

// expected-error @+1 {{expected string containing hex digits starting with `0x`}}
"foo.op"() {a = dense<"0X0102"> : tensor<2xi8>} : () -> ()
