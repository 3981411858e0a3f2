// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}hex-float-negative.mlir:9:18: error: hexadecimal float literal should not have a leading minus
// CHECK-NEXT: "foo.op"() {a = -0x3C00 : f16} : () -> ()
// CHECK-NEXT: ^

// expected-error @+1 {{hexadecimal float literal should not have a leading minus}}
"foo.op"() {a = -0x3C00 : f16} : () -> ()
