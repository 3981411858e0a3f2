// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}empty-attribute-name.mlir:9:13: error: expected valid attribute name
// CHECK-NEXT: "foo.op"() {"" = 1 : i64} : () -> ()
// CHECK-NEXT: ^

// expected-error @+1 {{expected valid attribute name}}
"foo.op"() {"" = 1 : i64} : () -> ()
