// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}hex-float-out-of-range.mlir:9:17: error: hexadecimal float constant out of range for type
// CHECK-NEXT: "foo.op"() {a = 0x1FFFF : f16} : () -> ()
// CHECK-NEXT: ^

// expected-error @+1 {{hexadecimal float constant out of range for type}}
"foo.op"() {a = 0x1FFFF : f16} : () -> ()
