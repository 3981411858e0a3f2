// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = 3 : i3} : () -> ()
// CHECK-NEXT: "foo.op"() {a = -4 : i3} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 5 : si4} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 15 : ui4} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 1 : i65} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = 3 : i3} : () -> ()
"foo.op"() {a = -4 : i3} : () -> ()
"foo.op"() {a = 5 : si4} : () -> ()
"foo.op"() {a = 15 : ui4} : () -> ()
"foo.op"() {a = 1 : i65} : () -> ()
