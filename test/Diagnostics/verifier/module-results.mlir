// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}module-results.mlir:12:6: error: 'builtin.module' op requires zero results
// CHECK-NEXT: %0 = "builtin.module"() ({
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}module-results.mlir:12:6: note: see current operation:
// CHECK-NEXT: %0 = "builtin.module"() ({
// CHECK-NEXT: }) : () -> i32

// expected-error @+1 {{'builtin.module' op requires zero results}}
%0 = "builtin.module"() ({
}) : () -> i32
