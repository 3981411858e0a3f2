// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = 1.000000e+00 : f64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 5.000000e-01 : f64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = -2.500000e+00 : f64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 1.000000e+10 : f64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 3.14159265358979 : f64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 9.9999999999999995E-8 : f64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 1.234560e+05 : f64} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 1.000000e-01 : f64} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = 1.0} : () -> ()
"foo.op"() {a = 0.5} : () -> ()
"foo.op"() {a = -2.5} : () -> ()
"foo.op"() {a = 1.000000e+10} : () -> ()
"foo.op"() {a = 3.14159265358979} : () -> ()
"foo.op"() {a = 1.0e-7} : () -> ()
"foo.op"() {a = 123456.0} : () -> ()
"foo.op"() {a = 0.1} : () -> ()
