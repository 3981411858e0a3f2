// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}complex-bad-element.mlir:9:33: error: invalid element type for complex
// CHECK-NEXT: %0 = "foo.op"() : () -> complex<index>
// CHECK-NEXT: ^

// expected-error @+1 {{invalid element type for complex}}
%0 = "foo.op"() : () -> complex<index>
