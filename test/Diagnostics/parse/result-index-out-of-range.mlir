// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}result-index-out-of-range.mlir:10:11: error: reference to invalid result number
// CHECK-NEXT: "foo.use"(%0#2) : (i32) -> ()
// CHECK-NEXT: ^

%0:2 = "foo.def"() : () -> (i32, i32)
// expected-error @+1 {{reference to invalid result number}}
"foo.use"(%0#2) : (i32) -> ()
