// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}integer-out-of-range.mlir:9:17: error: integer constant out of range for attribute
// CHECK-NEXT: "foo.op"() {a = 256 : i8} : () -> ()
// CHECK-NEXT: ^

// expected-error @+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 256 : i8} : () -> ()
