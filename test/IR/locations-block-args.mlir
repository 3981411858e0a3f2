// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-debuginfo %s | FileCheck %s --check-prefix=DEBUG

// CHECK: module {
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: ^bb0(%arg0: i32):
// CHECK-NEXT: "foo.return"(%arg0) : (i32) -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// DEBUG: #loc2 = loc("arg.c":1:1)
// DEBUG-NEXT: module {
// DEBUG-NEXT: "foo.region"() ({
// DEBUG-NEXT: ^bb0(%arg0: i32 loc("arg.c":1:1)):
// DEBUG-NEXT: "foo.return"(%arg0) : (i32) -> () loc(#loc3)
// DEBUG-NEXT: }) : () -> () loc(#loc1)
// DEBUG-NEXT: } loc(#loc)
// DEBUG-NEXT: #loc = loc("{{.*}}locations-block-args.mlir":0:0)
// DEBUG-NEXT: #loc1 = loc("op.c":3:3)
// DEBUG-NEXT: #loc3 = loc("ret.c":2:2)
// DEBUG-EMPTY:

"foo.region"() ({
^bb0(%a: i32 loc("arg.c":1:1)):
  "foo.return"(%a) : (i32) -> () loc("ret.c":2:2)
}) : () -> () loc("op.c":3:3)
