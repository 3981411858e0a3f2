// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = 1.000000e+00 : f16} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 9.997550e-02 : f16} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 6.550400e+04 : f16} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 1.000000e+00 : bf16} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 1.000980e-01 : bf16} : () -> ()
// CHECK-NEXT: "foo.op"() {a = 3.004060e+38 : bf16} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = 1.0 : f16} : () -> ()
"foo.op"() {a = 0.1 : f16} : () -> ()
"foo.op"() {a = 65504.0 : f16} : () -> ()
"foo.op"() {a = 1.0 : bf16} : () -> ()
"foo.op"() {a = 0.1 : bf16} : () -> ()
"foo.op"() {a = 3.0e+38 : bf16} : () -> ()
