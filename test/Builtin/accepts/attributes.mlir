// REQUIRES: mlir-opt
// RUN: strata-opt --allow-unregistered-dialect %s | %mlir-accepts | FileCheck %s
// XFAIL: *
// Known difference: Strata does not yet match mlir-opt 22 on this input (the
// CHECK lines below are mlir-opt's output); see docs/testing.md.

// CHECK: #loc = loc("f.c":1:1)
// CHECK-NEXT: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: #set = affine_set<(d0) : (d0 >= 0)>
// CHECK-NEXT: module {
// CHECK-NEXT: "foo.op"() {a0 = 1 : i32, a1 = -9223372036854775808 : i64, a10 = 2.000000e+00 : f8E4M3FN, a11 = "esc\0A\22q\22", a12, a13 = [1, [2]], a14 = {k = 1 : i64, "q k" = 2 : i64}, a15 = tensor<4xf32>, a16 = @a::@b, a17 = @"q x", a18 = #map, a19 = #set, a2 = 255 : ui8, a20 = dense<1> : tensor<4xi32>, a21 = dense<{{\[\[}}1.000000e+00, 2.000000e+00]]> : tensor<1x2xf32>, a22 = dense<[1, 2, 3, 4]> : tensor<4xi8>, a23 = dense<[true, false]> : tensor<2xi1>, a24 = dense<(1.000000e+00,2.000000e+00)> : tensor<1xcomplex<f32>>, a25 = dense<> : tensor<0xi8>, a26 = dense<"0x00000100020003000400050006000700080009000A000B000C000D000E000F0010001100120013001400150016001700180019001A001B001C001D001E001F0020002100220023002400250026002700280029002A002B002C002D002E002F0030003100320033003400350036003700380039003A003B003C003D003E003F0040004100420043004400450046004700480049004A004B004C004D004E004F0050005100520053005400550056005700580059005A005B005C005D005E005F0060006100620063006400"> : tensor<101xi16>, a27 = array<i64: 1, 2>, a28 = array<f32>, a29 = strided<[4, 1], offset: ?>, a3 = true, a30 = #foo.bar<1>, a31 = #foo<"x">, a32 = #loc, a33 = [], a4 = false, a5 = 1.500000e+00 : f32, a6 = 0x7FC00000 : f32, a7 = -0.000000e+00 : f64, a8 = 9218868437227405312 : i64, a9 = 1.000000e+00 : bf16} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Every builtin attribute Strata prints is accepted by mlir-opt.
"foo.op"() {a0 = 1 : i32, a1 = -9223372036854775808 : i64, a2 = 255 : ui8, a3 = true, a4 = false, a5 = 1.5 : f32, a6 = 0x7FC00000 : f32, a7 = -0.0, a8 = 0x7FF0000000000000, a9 = 1.0 : bf16, a10 = 2.0 : f8E4M3FN, a11 = "esc\n\"q\"", a12 = unit, a13 = [1, [2]], a14 = {k = 1 : i64, "q k" = 2 : i64}, a15 = tensor<4xf32>, a16 = @a::@b, a17 = @"q x", a18 = affine_map<(d0)[s0] -> (d0 + s0)>, a19 = affine_set<(d0) : (d0 >= 0)>, a20 = dense<1> : tensor<4xi32>, a21 = dense<[[1.0, 2.0]]> : tensor<1x2xf32>, a22 = dense<"0x01020304"> : tensor<4xi8>, a23 = dense<[true, false]> : tensor<2xi1>, a24 = dense<(1.0,2.0)> : tensor<1xcomplex<f32>>, a25 = dense<> : tensor<0xi8>, a26 = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100]> : tensor<101xi16>, a27 = array<i64: 1, 2>, a28 = array<f32>, a29 = strided<[4, 1], offset: ?>, a30 = #foo.bar<1>, a31 = #foo<"x">, a32 = loc("f.c":1:1), a33 = []} : () -> ()
