// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// XFAIL: *
// Known difference: Strata does not yet match mlir-opt 22 on this input (the
// CHECK lines below are mlir-opt's output); see docs/testing.md.

// CHECK: {{.*}}unbalanced-region.mlir:12:27: error: expected operation name in quotes
// CHECK-NEXT: "foo.inner"() : () -> ()
// CHECK-NEXT: ^

// A region still open at the end of the file.
"foo.op"() ({
  "foo.inner"() : () -> ()
