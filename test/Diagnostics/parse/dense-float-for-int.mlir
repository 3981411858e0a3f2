// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}dense-float-for-int.mlir:9:24: error: expected integer elements, but parsed floating-point
// CHECK-NEXT: "foo.op"() {a = dense<[1.5]> : tensor<1xi32>} : () -> ()
// CHECK-NEXT: ^

// expected-error @+1 {{expected integer elements, but parsed floating-point}}
"foo.op"() {a = dense<[1.5]> : tensor<1xi32>} : () -> ()
