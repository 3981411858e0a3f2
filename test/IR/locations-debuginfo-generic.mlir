// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic %s | FileCheck %s --check-prefix=DEBUG

// CHECK: module {
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// DEBUG: "builtin.module"() ({
// DEBUG-NEXT: "foo.op"() : () -> () loc(#loc1)
// DEBUG-NEXT: }) : () -> () loc(#loc)
// DEBUG-NEXT: #loc = loc("m.c":0:0)
// DEBUG-NEXT: #loc1 = loc("x.c":1:1)
// DEBUG-EMPTY:

module {
  "foo.op"() : () -> () loc("x.c":1:1)
} loc("m.c":0:0)
