// REQUIRES: mlir-opt
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-op-generic %s | %mlir-accepts | FileCheck %s

// CHECK: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: "builtin.module"() <{sym_name = "m"}> ({
// CHECK-NEXT: %0:2 = "foo.pair"() {m = #map} : () -> (i32, i32)
// CHECK-NEXT: "foo.region"(%0#1) ({
// CHECK-NEXT: ^bb0(%arg0: i32):
// CHECK-NEXT: "foo.br"(%arg0)[^bb1] : (i32) -> ()
// CHECK-NEXT: ^bb1(%1: i32):  // pred: ^bb0
// CHECK-NEXT: %2 = "builtin.unrealized_conversion_cast"(%1) : (i32) -> f32
// CHECK-NEXT: "foo.ret"(%2) : (f32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: }) : (i32) -> ()
// CHECK-NEXT: "builtin.module"() <{sym_name = "inner"}> ({
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }) {foo.x = 1 : i64} : () -> ()
// CHECK-EMPTY:

// Nested regions, successors, multi-results and aliases print as mlir-opt accepts them.
module @m attributes {foo.x = 1 : i64} {
  %0:2 = "foo.pair"() {m = affine_map<(d0) -> (d0)>} : () -> (i32, i32)
  "foo.region"(%0#1) ({
  ^bb0(%a: i32):
    "foo.br"(%a)[^bb1] : (i32) -> ()
  ^bb1(%b: i32):
    %c = builtin.unrealized_conversion_cast %b : i32 to f32
    "foo.ret"(%c) : (f32) -> ()
  }, {
  }) : (i32) -> ()
  module @inner {
  }
}
