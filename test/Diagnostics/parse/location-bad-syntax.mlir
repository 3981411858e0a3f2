// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}location-bad-syntax.mlir:9:27: error: expected location instance
// CHECK-NEXT: "foo.op"() : () -> () loc(42)
// CHECK-NEXT: ^

// expected-error @+1 {{expected location instance}}
"foo.op"() : () -> () loc(42)
