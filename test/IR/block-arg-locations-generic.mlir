// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %s | FileCheck %s --check-prefix=GENERIC

// CHECK: module {
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: ^bb0(%arg0: i32, %arg1: f32):
// CHECK-NEXT: "foo.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// GENERIC: #loc2 = loc("a.c":1:1)
// GENERIC-NEXT: #loc3 = loc("{{.*}}block-arg-locations-generic.mlir":25:30)
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT: "foo.region"() ({
// GENERIC-NEXT: ^bb0(%arg0: i32 loc("a.c":1:1), %arg1: f32 loc("{{.*}}block-arg-locations-generic.mlir":25:30)):
// GENERIC-NEXT: "foo.return"() : () -> () loc(#loc4)
// GENERIC-NEXT: }) : () -> () loc(#loc1)
// GENERIC-NEXT: }) : () -> () loc(#loc)
// GENERIC-NEXT: #loc = loc("{{.*}}block-arg-locations-generic.mlir":0:0)
// GENERIC-NEXT: #loc1 = loc("{{.*}}block-arg-locations-generic.mlir":24:1)
// GENERIC-NEXT: #loc4 = loc("{{.*}}block-arg-locations-generic.mlir":26:3)
// GENERIC-EMPTY:

"foo.region"() ({
^bb0(%a: i32 loc("a.c":1:1), %b: f32):
  "foo.return"() : () -> ()
}) : () -> ()
