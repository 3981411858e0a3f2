// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}undefined-block.mlir:10:14: error: reference to an undefined block
// CHECK-NEXT: "foo.br"()[^missing] : () -> ()
// CHECK-NEXT: ^

"foo.region"() ({
  // expected-error @+1 {{reference to an undefined block}}
  "foo.br"()[^missing] : () -> ()
}) : () -> ()
