// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}module-block-arguments.mlir:13:1: error: 'builtin.module' op region should have no arguments
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}module-block-arguments.mlir:13:1: note: see current operation:
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT: ^bb0(%arg0: i32):
// CHECK-NEXT: }) : () -> ()

// expected-error @+1 {{'builtin.module' op region should have no arguments}}
"builtin.module"() ({
^bb0(%a: i32):
}) : () -> ()
