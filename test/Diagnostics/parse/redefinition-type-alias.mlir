// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}redefinition-type-alias.mlir:10:1: error: redefinition of type alias id 't'
// CHECK-NEXT: !t = i64
// CHECK-NEXT: ^

!t = i32
// expected-error @+1 {{redefinition of type alias id 't'}}
!t = i64
