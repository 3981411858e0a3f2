// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = (i32) -> f32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = () -> ()} : () -> ()
// CHECK-NEXT: "foo.op"() {a = (i1, i2) -> (i3, i4)} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = (i32) -> f32} : () -> ()
"foo.op"() {a = () -> ()} : () -> ()
"foo.op"() {a = (i1, i2) -> (i3, i4)} : () -> ()
