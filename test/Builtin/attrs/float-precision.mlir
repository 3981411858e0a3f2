// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = 1.2345678899999999 : f64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 0.33333333333333331 : f64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 1.000000e+300 : f64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 2.500000e-300 : f64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 1.23456788 : f32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 1.000000e+05 : f32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 1.000000e+06 : f32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 1.000000e+07 : f32} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Values that do not round-trip with six digits print more.
"foo.op"() {a = 1.23456789 : f64} : () -> ()
"foo.op"() {a = 0.3333333333333333} : () -> ()
"foo.op"() {a = 1.0e+300} : () -> ()
"foo.op"() {a = 2.5e-300} : () -> ()
"foo.op"() {a = 1.23456789 : f32} : () -> ()
"foo.op"() {a = 100000.0 : f32} : () -> ()
"foo.op"() {a = 1000000.0 : f32} : () -> ()
"foo.op"() {a = 1.0e+07 : f32} : () -> ()
