// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}duplicate-dictionary-key.mlir:9:26: error: duplicate key 'a' in dictionary attribute
// CHECK-NEXT: "foo.op"() {a = 1 : i32, a = 2 : i32} : () -> ()
// CHECK-NEXT: ^

// expected-error @+1 {{duplicate key 'a' in dictionary attribute}}
"foo.op"() {a = 1 : i32, a = 2 : i32} : () -> ()
