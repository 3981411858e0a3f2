// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}block-arg-redefinition.mlir:14:15: error: redefinition of SSA value '%a'
// CHECK-NEXT: ^bb0(%a: i32, %a: i32):
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}block-arg-redefinition.mlir:14:6: note: previously defined here
// CHECK-NEXT: ^bb0(%a: i32, %a: i32):
// CHECK-NEXT: ^

"foo.region"() ({
// expected-error @+2 {{redefinition of SSA value '%a'}}
// expected-note @+1 {{previously defined here}}
^bb0(%a: i32, %a: i32):
  "foo.end"() : () -> ()
}) : () -> ()
