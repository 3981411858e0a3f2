// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}successor-operand-type-missing.mlir:12:8: error: expected ':' and type for SSA operand
// CHECK-NEXT: ^bb1(%b):
// CHECK-NEXT: ^

"foo.region"() ({
^bb0(%a: i32):
  "foo.br"(%a)[^bb1] : (i32) -> ()
// expected-error @+1 {{expected ':' and type for SSA operand}}
^bb1(%b):
  "foo.end"() : () -> ()
}) : () -> ()
