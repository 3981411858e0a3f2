// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-debuginfo %s | FileCheck %s --check-prefix=DEBUG

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> i32
// CHECK-NEXT: "foo.use"(%0) : (i32) -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// DEBUG: module {
// DEBUG-NEXT: %0 = "foo.op"() : () -> i32 loc(#loc1)
// DEBUG-NEXT: "foo.use"(%0) : (i32) -> () loc(#loc2)
// DEBUG-NEXT: } loc(#loc)
// DEBUG-NEXT: #loc = loc("{{.*}}locations-implicit.mlir":0:0)
// DEBUG-NEXT: #loc1 = loc("{{.*}}locations-implicit.mlir":19:6)
// DEBUG-NEXT: #loc2 = loc("{{.*}}locations-implicit.mlir":20:1)
// DEBUG-EMPTY:

// Without a loc(...), an op's location is where it is in the file.
%0 = "foo.op"() : () -> i32
"foo.use"(%0) : (i32) -> ()
