// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}integer-bitwidth-limit.mlir:9:25: error: integer bitwidth is limited to 16777215 bits
// CHECK-NEXT: %0 = "foo.op"() : () -> i16777216
// CHECK-NEXT: ^

// expected-error @+1 {{integer bitwidth is limited to 16777215 bits}}
%0 = "foo.op"() : () -> i16777216
