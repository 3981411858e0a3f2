// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-debuginfo %s | FileCheck %s --check-prefix=DEBUG

// CHECK: module {
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// DEBUG: module {
// DEBUG-NEXT: "foo.op"() : () -> () loc(#loc1)
// DEBUG-NEXT: "foo.op"() : () -> () loc(#loc2)
// DEBUG-NEXT: } loc(#loc)
// DEBUG-NEXT: #loc = loc("{{.*}}locations-file-line-col.mlir":0:0)
// DEBUG-NEXT: #loc1 = loc("a.mlir":10:4)
// DEBUG-NEXT: #loc2 = loc("b.mlir":1:2 to 3:4)
// DEBUG-EMPTY:

"foo.op"() : () -> () loc("a.mlir":10:4)
"foo.op"() : () -> () loc("b.mlir":1:2 to 3:4)
