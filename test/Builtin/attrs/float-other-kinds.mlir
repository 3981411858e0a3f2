// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = 1.500000e+00 : f80} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 1.500000e+00 : f128} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 0.100000000000000005551115123125782702 : f128} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 1.000000e+00 : tf32} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 2.000000e+00 : f8E4M3FN} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 5.000000e-01 : f8E5M2} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 4.480000e+02 : f8E4M3FN} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 1.000000e+00 : f4E2M1FN} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 2.000000e+00 : f6E3M2FN} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 1.000000e+00 : f8E8M0FNU} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = 1.5 : f80} : () -> ()
"foo.op"() {a = 1.5 : f128} : () -> ()
"foo.op"() {a = 0.1 : f128} : () -> ()
"foo.op"() {a = 1.0 : tf32} : () -> ()
"foo.op"() {a = 2.0 : f8E4M3FN} : () -> ()
"foo.op"() {a = 0.5 : f8E5M2} : () -> ()
"foo.op"() {a = 448.0 : f8E4M3FN} : () -> ()
"foo.op"() {a = 1.0 : f4E2M1FN} : () -> ()
"foo.op"() {a = 2.0 : f6E3M2FN} : () -> ()
"foo.op"() {a = 1.0 : f8E8M0FNU} : () -> ()
