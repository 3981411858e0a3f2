// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = 1.000000e+00 : f32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 1.000000e-01 : f32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 3.40282347E+38 : f32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 1.17549435E-38 : f32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = -5.000000e-01 : f32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 0x4B800000 : f32} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = 1.0 : f32} : () -> ()
"foo.op"() {a = 0.1 : f32} : () -> ()
"foo.op"() {a = 3.40282347E+38 : f32} : () -> ()
"foo.op"() {a = 1.17549435E-38 : f32} : () -> ()
"foo.op"() {a = -0.5 : f32} : () -> ()
"foo.op"() {a = 16777216.0 : f32} : () -> ()
