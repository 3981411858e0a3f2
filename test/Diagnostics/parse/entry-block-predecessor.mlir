// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}entry-block-predecessor.mlir:9:1: error: entry block of region may not have predecessors
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: ^

// expected-error @+1 {{entry block of region may not have predecessors}}
"foo.region"() ({
^bb0:
  "foo.br"()[^bb0] : () -> ()
}) : () -> ()
