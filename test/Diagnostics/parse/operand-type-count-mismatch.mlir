// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}operand-type-count-mismatch.mlir:10:17: error: expected 1 operand type
// CHECK-NEXT: "foo.use"(%0) : () -> ()
// CHECK-NEXT: ^

%0 = "foo.def"() : () -> i32
// expected-error @+1 {{expected 1 operand type}}
"foo.use"(%0) : () -> ()
