// REQUIRES: mlir-opt
// RUN: strata-opt --allow-unregistered-dialect %s | %mlir-accepts | FileCheck %s

// CHECK: #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> i1
// CHECK-NEXT: %1 = "foo.op"() : () -> si8
// CHECK-NEXT: %2 = "foo.op"() : () -> ui16
// CHECK-NEXT: %3 = "foo.op"() : () -> i77
// CHECK-NEXT: %4 = "foo.op"() : () -> index
// CHECK-NEXT: %5 = "foo.op"() : () -> f16
// CHECK-NEXT: %6 = "foo.op"() : () -> bf16
// CHECK-NEXT: %7 = "foo.op"() : () -> f32
// CHECK-NEXT: %8 = "foo.op"() : () -> f64
// CHECK-NEXT: %9 = "foo.op"() : () -> f80
// CHECK-NEXT: %10 = "foo.op"() : () -> f128
// CHECK-NEXT: %11 = "foo.op"() : () -> tf32
// CHECK-NEXT: %12 = "foo.op"() : () -> f8E5M2
// CHECK-NEXT: %13 = "foo.op"() : () -> f8E4M3
// CHECK-NEXT: %14 = "foo.op"() : () -> f8E4M3FN
// CHECK-NEXT: %15 = "foo.op"() : () -> f8E5M2FNUZ
// CHECK-NEXT: %16 = "foo.op"() : () -> f8E4M3FNUZ
// CHECK-NEXT: %17 = "foo.op"() : () -> f8E4M3B11FNUZ
// CHECK-NEXT: %18 = "foo.op"() : () -> f8E3M4
// CHECK-NEXT: %19 = "foo.op"() : () -> f8E8M0FNU
// CHECK-NEXT: %20 = "foo.op"() : () -> f6E2M3FN
// CHECK-NEXT: %21 = "foo.op"() : () -> f6E3M2FN
// CHECK-NEXT: %22 = "foo.op"() : () -> f4E2M1FN
// CHECK-NEXT: %23 = "foo.op"() : () -> none
// CHECK-NEXT: %24 = "foo.op"() : () -> complex<f32>
// CHECK-NEXT: %25 = "foo.op"() : () -> tuple<i32, tuple<>>
// CHECK-NEXT: %26 = "foo.op"() : () -> ((i32) -> (f32, i1))
// CHECK-NEXT: %27 = "foo.op"() : () -> vector<4xf32>
// CHECK-NEXT: %28 = "foo.op"() : () -> vector<[4]x2xi8>
// CHECK-NEXT: %29 = "foo.op"() : () -> vector<f32>
// CHECK-NEXT: %30 = "foo.op"() : () -> tensor<?x4xf32>
// CHECK-NEXT: %31 = "foo.op"() : () -> tensor<*xi8>
// CHECK-NEXT: %32 = "foo.op"() : () -> tensor<4xf32, "enc">
// CHECK-NEXT: %33 = "foo.op"() : () -> memref<4xf32>
// CHECK-NEXT: %34 = "foo.op"() : () -> memref<*xf32, 1>
// CHECK-NEXT: %35 = "foo.op"() : () -> memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: %36 = "foo.op"() : () -> memref<4x4xf32, #map, 2>
// CHECK-NEXT: %37 = "foo.op"() : () -> !foo<"x">
// CHECK-NEXT: %38 = "foo.op"() : () -> !foo.bar<1>
// CHECK-NEXT: }
// CHECK-EMPTY:

// Every builtin type Strata prints is accepted by mlir-opt.
%0 = "foo.op"() : () -> i1
%1 = "foo.op"() : () -> si8
%2 = "foo.op"() : () -> ui16
%3 = "foo.op"() : () -> i77
%4 = "foo.op"() : () -> index
%5 = "foo.op"() : () -> f16
%6 = "foo.op"() : () -> bf16
%7 = "foo.op"() : () -> f32
%8 = "foo.op"() : () -> f64
%9 = "foo.op"() : () -> f80
%10 = "foo.op"() : () -> f128
%11 = "foo.op"() : () -> tf32
%12 = "foo.op"() : () -> f8E5M2
%13 = "foo.op"() : () -> f8E4M3
%14 = "foo.op"() : () -> f8E4M3FN
%15 = "foo.op"() : () -> f8E5M2FNUZ
%16 = "foo.op"() : () -> f8E4M3FNUZ
%17 = "foo.op"() : () -> f8E4M3B11FNUZ
%18 = "foo.op"() : () -> f8E3M4
%19 = "foo.op"() : () -> f8E8M0FNU
%20 = "foo.op"() : () -> f6E2M3FN
%21 = "foo.op"() : () -> f6E3M2FN
%22 = "foo.op"() : () -> f4E2M1FN
%23 = "foo.op"() : () -> none
%24 = "foo.op"() : () -> complex<f32>
%25 = "foo.op"() : () -> tuple<i32, tuple<>>
%26 = "foo.op"() : () -> ((i32) -> (f32, i1))
%27 = "foo.op"() : () -> vector<4xf32>
%28 = "foo.op"() : () -> vector<[4]x2xi8>
%29 = "foo.op"() : () -> vector<f32>
%30 = "foo.op"() : () -> tensor<?x4xf32>
%31 = "foo.op"() : () -> tensor<*xi8>
%32 = "foo.op"() : () -> tensor<4xf32, "enc">
%33 = "foo.op"() : () -> memref<4xf32>
%34 = "foo.op"() : () -> memref<*xf32, 1>
%35 = "foo.op"() : () -> memref<?x?xf32, strided<[?, 1], offset: ?>>
%36 = "foo.op"() : () -> memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>, 2>
%37 = "foo.op"() : () -> !foo<"x">
%38 = "foo.op"() : () -> !foo.bar<1>
