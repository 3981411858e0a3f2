// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}unexpected-character.mlir:9:23: error: unexpected character
// CHECK-NEXT: "foo.op"() : () -> () `
// CHECK-NEXT: ^

// expected-error @+1 {{unexpected character}}
"foo.op"() : () -> () `
