// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = @flat} : () -> ()
// CHECK-NEXT: "foo.op"() {a = @outer::@inner} : () -> ()
// CHECK-NEXT: "foo.op"() {a = @a::@b::@c} : () -> ()
// CHECK-NEXT: "foo.op"() {a = @"quoted name"} : () -> ()
// CHECK-NEXT: "foo.op"() {a = @q::@"w x"} : () -> ()
// CHECK-NEXT: "foo.op"() {a = @with.dot} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = @flat} : () -> ()
"foo.op"() {a = @outer::@inner} : () -> ()
"foo.op"() {a = @a::@b::@c} : () -> ()
"foo.op"() {a = @"quoted name"} : () -> ()
"foo.op"() {a = @"q"::@"w x"} : () -> ()
"foo.op"() {a = @with.dot} : () -> ()
