// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}dense-hex-size.mlir:9:17: error: elements hex data size is invalid for provided type: 'tensor<2xi32>'
// CHECK-NEXT: "foo.op"() {a = dense<"0x0102"> : tensor<2xi32>} : () -> ()
// CHECK-NEXT: ^

// expected-error @+1 {{elements hex data size is invalid for provided type: 'tensor<2xi32>'}}
"foo.op"() {a = dense<"0x0102"> : tensor<2xi32>} : () -> ()
