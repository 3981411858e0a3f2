// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = []} : () -> ()
// CHECK-NEXT: "foo.op"() {a = [1, 2, 3]} : () -> ()
// CHECK-NEXT: "foo.op"() {a = [1 : i32, "s", [true]]} : () -> ()
// CHECK-NEXT: "foo.op"() {a = {{\[\[}}], {{\[\[}}]]]} : () -> ()
// CHECK-NEXT: "foo.op"() {a = [i32, f32]} : () -> ()
// CHECK-NEXT: "foo.op"() {a = [@sym, 1.000000e+00 : f32]} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = []} : () -> ()
"foo.op"() {a = [1, 2, 3]} : () -> ()
"foo.op"() {a = [1 : i32, "s", [true]]} : () -> ()
"foo.op"() {a = [[], [[]]]} : () -> ()
"foo.op"() {a = [i32, f32]} : () -> ()
"foo.op"() {a = [@sym, 1.0 : f32]} : () -> ()
