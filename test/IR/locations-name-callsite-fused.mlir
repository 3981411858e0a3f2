// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-debuginfo %s | FileCheck %s --check-prefix=DEBUG

// CHECK: module {
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// DEBUG: module {
// DEBUG-NEXT: "foo.op"() : () -> () loc(#loc1)
// DEBUG-NEXT: "foo.op"() : () -> () loc(#loc7)
// DEBUG-NEXT: "foo.op"() : () -> () loc(#loc8)
// DEBUG-NEXT: "foo.op"() : () -> () loc(#loc9)
// DEBUG-NEXT: "foo.op"() : () -> () loc(#loc10)
// DEBUG-NEXT: } loc(#loc)
// DEBUG-NEXT: #loc = loc("{{.*}}locations-name-callsite-fused.mlir":0:0)
// DEBUG-NEXT: #loc1 = loc("named")
// DEBUG-NEXT: #loc2 = loc("x.c":3:1)
// DEBUG-NEXT: #loc3 = loc("callee")
// DEBUG-NEXT: #loc4 = loc("caller.c":8:2)
// DEBUG-NEXT: #loc5 = loc("a.c":1:1)
// DEBUG-NEXT: #loc6 = loc("b.c":2:2)
// DEBUG-NEXT: #loc7 = loc("named"(#loc2))
// DEBUG-NEXT: #loc8 = loc(callsite(#loc3 at #loc4))
// DEBUG-NEXT: #loc9 = loc(fused[#loc5, #loc6])
// DEBUG-NEXT: #loc10 = loc(fused<"meta">[#loc5])
// DEBUG-EMPTY:

"foo.op"() : () -> () loc("named")
"foo.op"() : () -> () loc("named"("x.c":3:1))
"foo.op"() : () -> () loc(callsite("callee" at "caller.c":8:2))
"foo.op"() : () -> () loc(fused["a.c":1:1, "b.c":2:2])
"foo.op"() : () -> () loc(fused<"meta">["a.c":1:1])
