// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Without --mlir-print-debuginfo, locations are not printed.
"foo.op"() : () -> () loc("a.c":1:1)
