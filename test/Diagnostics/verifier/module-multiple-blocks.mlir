// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}module-multiple-blocks.mlir:15:1: error: 'builtin.module' op expects region #0 to have 0 or 1 blocks
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}module-multiple-blocks.mlir:15:1: note: see current operation:
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT: "foo.a"() : () -> ()
// CHECK-NEXT: ^bb1:  // no predecessors
// CHECK-NEXT: "foo.b"() : () -> ()
// CHECK-NEXT: }) : () -> ()

// expected-error @+1 {{'builtin.module' op expects region #0 to have 0 or 1 blocks}}
"builtin.module"() ({
  "foo.a"() : () -> ()
^bb1:
  "foo.b"() : () -> ()
}) : () -> ()
