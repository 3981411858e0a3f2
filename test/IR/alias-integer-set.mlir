// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: #set = affine_set<(d0) : (d0 >= 0)>
// CHECK-NEXT: #set1 = affine_set<(d0, d1)[s0] : (d0 - s0 == 0, d1 >= 0)>
// CHECK-NEXT: module {
// CHECK-NEXT: "foo.op"() {s = #set, t = #set1} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

#set_a = affine_set<(d0) : (d0 >= 0)>
"foo.op"() {s = #set_a, t = affine_set<(d0, d1)[s0] : (d0 - s0 == 0, d1 >= 0)>} : () -> ()
