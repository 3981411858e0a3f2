// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}module-two-regions.mlir:13:1: error: 'builtin.module' op requires one region
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}module-two-regions.mlir:13:1: note: see current operation:
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT: }, {
// CHECK-NEXT: }) : () -> ()

// expected-error @+1 {{'builtin.module' op requires one region}}
"builtin.module"() ({
}, {
}) : () -> ()
