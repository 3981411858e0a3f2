// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = strided<[1]>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = strided<[4, 1], offset: 3>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = strided<[?, ?], offset: ?>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = strided<[]>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = strided<[2]>} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = strided<[1]>} : () -> ()
"foo.op"() {a = strided<[4, 1], offset: 3>} : () -> ()
"foo.op"() {a = strided<[?, ?], offset: ?>} : () -> ()
"foo.op"() {a = strided<[]>} : () -> ()
"foo.op"() {a = strided<[2], offset: 0>} : () -> ()
