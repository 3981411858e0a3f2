// RUN: strata-opt %s --irdl-file=%S/Inputs/cmath.irdl.mlir --allow-unregistered-dialect --split-input-file --verify-diagnostics

// The element type of a complex must be f32 or f64.
// expected-error @+1 {{'i32' does not satisfy the constraint}}
%0 = "test.make"() : () -> !cmath.complex<i32>

// -----

%c = "test.make"() : () -> !cmath.complex<f32>
// The result of norm is bound to the complex's element type.
// expected-error @+1 {{'cmath.norm' op expected 'f32' but got 'f64'}}
%n = "cmath.norm"(%c) : (!cmath.complex<f32>) -> f64

// -----

%c = "test.make"() : () -> !cmath.complex<f32>
%d = "test.make"() : () -> !cmath.complex<f64>
// Both operands use one constraint variable: their types must be equal.
// expected-error @+1 {{'cmath.mul' op expected '!cmath.complex<f32>' but got '!cmath.complex<f64>'}}
%p = "cmath.mul"(%c, %d) : (!cmath.complex<f32>, !cmath.complex<f64>) -> !cmath.complex<f32>

// -----

%f = "test.float"() : () -> f32
// expected-error @+1 {{'cmath.norm' op expected base type 'cmath.complex' but got 'f32'}}
%n = "cmath.norm"(%f) : (f32) -> f32

// -----

%i = "test.int"() : () -> i32
// expected-error @+1 {{attribute "scale" is expected but not provided}}
"cmath.scale"(%i) : (i32) -> ()

// -----

%f = "test.float"() : () -> f32
// expected-error @+1 {{'cmath.scale' op expected base type 'builtin.integer' but got 'builtin.f32'}}
"cmath.scale"(%f) {scale = 1} : (f32) -> ()

// -----

// expected-error @+1 {{'cmath.norm' op requires 1 operand, but found 0}}
%n = "cmath.norm"() : () -> f32

// -----

%i = "test.int"() : () -> i32
%j = "test.int"() : () -> i8
// The variadic operands share one constraint variable, bound by the first.
// expected-error @+1 {{'cmath.scale' op expected 'i32' but got 'i8'}}
"cmath.scale"(%i, %j) {scale = 1} : (i32, i8) -> ()
