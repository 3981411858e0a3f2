// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}redefinition-attribute-alias.mlir:10:1: error: redefinition of attribute alias id 'a'
// CHECK-NEXT: #a = 2 : i32
// CHECK-NEXT: ^

#a = 1 : i32
// expected-error @+1 {{redefinition of attribute alias id 'a'}}
#a = 2 : i32
