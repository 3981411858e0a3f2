// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}integer-negative-unsigned.mlir:9:18: error: negative integer literal not valid for unsigned integer type
// CHECK-NEXT: "foo.op"() {a = -1 : ui8} : () -> ()
// CHECK-NEXT: ^

// expected-error @+1 {{negative integer literal not valid for unsigned integer type}}
"foo.op"() {a = -1 : ui8} : () -> ()
