// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}module-nested-attribute.mlir:14:3: error: 'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'no dialect'
// CHECK-NEXT: module attributes {"no dialect" = unit} {
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}module-nested-attribute.mlir:14:3: note: see current operation:
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: }) {"no dialect"} : () -> ()

module {
  // expected-error @+1 {{'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'no dialect'}}
  module attributes {"no dialect" = unit} {
  }
}
