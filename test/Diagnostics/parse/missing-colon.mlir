// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}missing-colon.mlir:8:11: error: expected ':' followed by operation type
// CHECK-NEXT: "foo.op"()
// CHECK-NEXT: ^

// An error at the end of the file points at the end of the last line.
"foo.op"()
