// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = 9218868437227405312 : i64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = -4503599627370496 : i64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 9221120237041090560 : i64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = -0.000000e+00 : f64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 0.000000e+00 : f32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = -0.000000e+00 : f32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 0x7F800000 : f32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 0xFF800000 : f32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 0x7FC00000 : f32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 0x7C00 : f16} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 0x7E00 : f16} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Infinities, NaNs and -0.0 print in MLIR's spellings (hex where needed).
"foo.op"() {a = 0x7FF0000000000000} : () -> ()
"foo.op"() {a = 0xFFF0000000000000} : () -> ()
"foo.op"() {a = 0x7FF8000000000000} : () -> ()
"foo.op"() {a = -0.0} : () -> ()
"foo.op"() {a = 0.0 : f32} : () -> ()
"foo.op"() {a = -0.0 : f32} : () -> ()
"foo.op"() {a = 0x7F800000 : f32} : () -> ()
"foo.op"() {a = 0xFF800000 : f32} : () -> ()
"foo.op"() {a = 0x7FC00000 : f32} : () -> ()
"foo.op"() {a = 0x7C00 : f16} : () -> ()
"foo.op"() {a = 0x7E00 : f16} : () -> ()
