// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = 1.000000e+00 : f64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 1.000000e+00 : f32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 1.000000e+00 : f16} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 1.000000e+00 : bf16} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 4.940660e-324 : f64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 1.401300e-45 : f32} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Hex float literals give the exact bits.
"foo.op"() {a = 0x3FF0000000000000 : f64} : () -> ()
"foo.op"() {a = 0x3F800000 : f32} : () -> ()
"foo.op"() {a = 0x3C00 : f16} : () -> ()
"foo.op"() {a = 0x3F80 : bf16} : () -> ()
"foo.op"() {a = 0x0000000000000001 : f64} : () -> ()
"foo.op"() {a = 0x00000001 : f32} : () -> ()
