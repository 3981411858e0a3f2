// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}module-attribute-without-dialect.mlir:13:1: error: 'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'plain'
// CHECK-NEXT: module attributes {plain = 1 : i32} {
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}module-attribute-without-dialect.mlir:13:1: note: see current operation:
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: }) {plain = 1 : i32} : () -> ()

// expected-error @+1 {{'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'plain'}}
module attributes {plain = 1 : i32} {
}
