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
// DEBUG-NEXT: #loc = loc("{{.*}}locations-alias-input.mlir":0:0)
// DEBUG-NEXT: #loc1 = loc("def.c":4:4)
// DEBUG-NEXT: #loc2 = loc("later.c":5:5)
// DEBUG-EMPTY:

// Location aliases (#loc = loc(...)) may be used before they are defined.
#loc0 = loc("def.c":4:4)
"foo.op"() : () -> () loc(#loc0)
"foo.op"() : () -> () loc(#loc1)
#loc1 = loc("later.c":5:5)
