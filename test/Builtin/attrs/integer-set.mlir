// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: #set = affine_set<(d0) : (d0 >= 0)>
// CHECK-NEXT: #set1 = affine_set<(d0, d1)[s0] : (d0 - s0 == 0, d1 - 1 >= 0)>
// CHECK-NEXT: #set2 = affine_set<() : (1 == 0)>
// CHECK-NEXT: #set3 = affine_set<(d0) : (d0 - 10 >= 0, -d0 + 20 >= 0)>
// CHECK-NEXT: module {
// CHECK-NEXT: "foo.op"() {a = #set} : () -> ()
// CHECK-NEXT: "foo.op"() {a = #set1} : () -> ()
// CHECK-NEXT: "foo.op"() {a = #set2} : () -> ()
// CHECK-NEXT: "foo.op"() {a = #set3} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = affine_set<(d0) : (d0 >= 0)>} : () -> ()
"foo.op"() {a = affine_set<(d0, d1)[s0] : (d0 - s0 == 0, d1 - 1 >= 0)>} : () -> ()
"foo.op"() {a = affine_set<() : (1 == 0)>} : () -> ()
"foo.op"() {a = affine_set<(d0) : (d0 - 10 >= 0, -d0 + 20 >= 0)>} : () -> ()
