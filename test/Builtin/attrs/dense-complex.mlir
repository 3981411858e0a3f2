// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = dense<(1.000000e+00,2.000000e+00)> : tensor<2xcomplex<f32>>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i32>>} : () -> ()
// CHECK-NEXT: "foo.op"() {a = dense<(1.500000e+00,-2.500000e+00)> : tensor<1xcomplex<f64>>} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = dense<(1.0,2.0)> : tensor<2xcomplex<f32>>} : () -> ()
"foo.op"() {a = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i32>>} : () -> ()
"foo.op"() {a = dense<[(1.5,-2.5)]> : tensor<1xcomplex<f64>>} : () -> ()
