// REQUIRES: mlir-opt
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-debuginfo %s | %mlir-accepts | FileCheck %s

// CHECK: #loc6 = loc("arg.c":3:3)
// CHECK-NEXT: module {
// CHECK-NEXT: "foo.a"() : () -> () loc(#loc1)
// CHECK-NEXT: "foo.b"() : () -> () loc(#loc10)
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: ^bb0(%arg0: i32 loc("arg.c":3:3)):
// CHECK-NEXT: "foo.ret"() : () -> () loc(#loc9)
// CHECK-NEXT: }) : () -> () loc(#loc5)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc("{{.*}}debuginfo.mlir":0:0)
// CHECK-NEXT: #loc1 = loc("a.c":1:2)
// CHECK-NEXT: #loc2 = loc("a.c":1:1)
// CHECK-NEXT: #loc3 = loc("f")
// CHECK-NEXT: #loc4 = loc("g.c":2:2)
// CHECK-NEXT: #loc5 = loc("{{.*}}debuginfo.mlir":28:1)
// CHECK-NEXT: #loc7 = loc("r.c":4:4)
// CHECK-NEXT: #loc8 = loc(callsite(#loc3 at #loc4))
// CHECK-NEXT: #loc9 = loc("named"(#loc7))
// CHECK-NEXT: #loc10 = loc(fused[#loc2, #loc8])
// CHECK-EMPTY:

// Locations, printed as #loc aliases, are accepted by mlir-opt.
"foo.a"() : () -> () loc("a.c":1:2)
"foo.b"() : () -> () loc(fused["a.c":1:1, callsite("f" at "g.c":2:2)])
"foo.region"() ({
^bb0(%x: i32 loc("arg.c":3:3)):
  "foo.ret"() : () -> () loc("named"("r.c":4:4))
}) : () -> ()
