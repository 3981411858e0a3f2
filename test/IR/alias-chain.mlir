// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {v = dense<0.000000e+00> : vector<4xf32>} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

!elt = f32
!vec = vector<4x!elt>
#zero = dense<0.0> : !vec
"foo.op"() {v = #zero} : () -> ()
