// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: ^bb0(%arg0: tensor<?xf32>, %arg1: memref<4xi8, 1>, %arg2: vector<[2]xf64>, %arg3: !foo.t):
// CHECK-NEXT: "foo.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.region"() ({
^bb0(%a: tensor<?xf32>, %b: memref<4xi8, 1>, %c: vector<[2]xf64>, %d: !foo.t):
  "foo.return"() : () -> ()
}) : () -> ()
