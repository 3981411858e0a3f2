// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = i32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = f32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = index} : () -> ()
// CHECK-NEXT: "foo.op"() {a = tensor<4xf32>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = !foo.t} : () -> ()
// CHECK-NEXT: "foo.op"() {a = memref<?xi8>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = none} : () -> ()
// CHECK-NEXT: "foo.op"() {a = complex<f32>} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = i32} : () -> ()
"foo.op"() {a = f32} : () -> ()
"foo.op"() {a = index} : () -> ()
"foo.op"() {a = tensor<4xf32>} : () -> ()
"foo.op"() {a = !foo.t} : () -> ()
"foo.op"() {a = memref<?xi8>} : () -> ()
"foo.op"() {a = none} : () -> ()
"foo.op"() {a = complex<f32>} : () -> ()
