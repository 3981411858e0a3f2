// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}location-alias-undefined.mlir:9:27: error: operation location alias was never defined
// CHECK-NEXT: "foo.op"() : () -> () loc(#never)
// CHECK-NEXT: ^

// expected-error @+1 {{operation location alias was never defined}}
"foo.op"() : () -> () loc(#never)
