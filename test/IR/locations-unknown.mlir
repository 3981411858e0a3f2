// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-debuginfo %s | FileCheck %s --check-prefix=DEBUG

// CHECK: module {
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// DEBUG: module {
// DEBUG-NEXT: "foo.op"() : () -> () loc(#loc1)
// DEBUG-NEXT: } loc(#loc)
// DEBUG-NEXT: #loc = loc("{{.*}}locations-unknown.mlir":0:0)
// DEBUG-NEXT: #loc1 = loc(unknown)
// DEBUG-EMPTY:

"foo.op"() : () -> () loc(unknown)
