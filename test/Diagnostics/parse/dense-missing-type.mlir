// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}dense-missing-type.mlir:9:25: error: expected ':'
// CHECK-NEXT: "foo.op"() {a = dense<1>} : () -> ()
// CHECK-NEXT: ^

// expected-error @+1 {{expected ':'}}
"foo.op"() {a = dense<1>} : () -> ()
