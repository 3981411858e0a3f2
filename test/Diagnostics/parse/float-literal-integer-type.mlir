// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}float-literal-integer-type.mlir:9:26: error: floating point value not valid for specified type
// CHECK-NEXT: "foo.op"() {a = 1.5 : i32} : () -> ()
// CHECK-NEXT: ^

// expected-error @+1 {{floating point value not valid for specified type}}
"foo.op"() {a = 1.5 : i32} : () -> ()
