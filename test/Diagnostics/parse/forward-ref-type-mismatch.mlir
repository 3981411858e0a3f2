// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}forward-ref-type-mismatch.mlir:15:1: error: definition of SSA value '%x#0' has type 'i64'
// CHECK-NEXT: %x = "foo.def"() : () -> i64
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}forward-ref-type-mismatch.mlir:13:11: note: previously used here with type 'i32'
// CHECK-NEXT: "foo.use"(%x) : (i32) -> ()
// CHECK-NEXT: ^

// The definition's type must match the type of an earlier use.
// expected-note @+1 {{previously used here with type 'i32'}}
"foo.use"(%x) : (i32) -> ()
// expected-error @+1 {{definition of SSA value '%x#0' has type 'i64'}}
%x = "foo.def"() : () -> i64
