// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}integer-too-large-i64.mlir:9:17: error: integer constant out of range for attribute
// CHECK-NEXT: "foo.op"() {a = 18446744073709551616 : i64} : () -> ()
// CHECK-NEXT: ^

// expected-error @+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 18446744073709551616 : i64} : () -> ()
