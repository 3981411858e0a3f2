// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}redefinition-ssa-value.mlir:14:1: error: redefinition of SSA value '%0'
// CHECK-NEXT: %0 = "foo.b"() : () -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}redefinition-ssa-value.mlir:12:1: note: previously defined here
// CHECK-NEXT: %0 = "foo.a"() : () -> i32
// CHECK-NEXT: ^

// expected-note @+1 {{previously defined here}}
%0 = "foo.a"() : () -> i32
// expected-error @+1 {{redefinition of SSA value '%0'}}
%0 = "foo.b"() : () -> i32
