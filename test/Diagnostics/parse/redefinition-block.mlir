// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}redefinition-block.mlir:13:1: error: redefinition of block '^bb1'
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: ^

"foo.region"() ({
  "foo.br"()[^bb1] : () -> ()
^bb1:
  "foo.br"()[^bb1] : () -> ()
// expected-error @+1 {{redefinition of block '^bb1'}}
^bb1:
  "foo.end"() : () -> ()
}) : () -> ()
