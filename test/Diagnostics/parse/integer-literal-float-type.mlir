// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}integer-literal-float-type.mlir:12:17: error: unexpected decimal integer literal for a floating point value
// CHECK-NEXT: "foo.op"() {a = 1 : f32} : () -> ()
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}integer-literal-float-type.mlir:12:17: note: add a trailing dot to make the literal a float

// MLIR wants a trailing dot on float literals.
// expected-error @+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note @+1 {{add a trailing dot to make the literal a float}}
"foo.op"() {a = 1 : f32} : () -> ()
