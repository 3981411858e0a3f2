// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}use-type-mismatch.mlir:14:11: error: use of value '%x' expects different type than prior uses: 'i32' vs 'i64'
// CHECK-NEXT: "foo.use"(%x) : (i32) -> ()
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}use-type-mismatch.mlir:12:1: note: prior use here
// CHECK-NEXT: %x = "foo.def"() : () -> i64
// CHECK-NEXT: ^

// expected-note @+1 {{prior use here}}
%x = "foo.def"() : () -> i64
// expected-error @+1 {{use of value '%x' expects different type than prior uses: 'i32' vs 'i64'}}
"foo.use"(%x) : (i32) -> ()
