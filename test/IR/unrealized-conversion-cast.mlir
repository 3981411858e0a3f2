// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.def"() : () -> i32
// CHECK-NEXT: %1 = unrealized_conversion_cast %0 : i32 to f32
// CHECK-NEXT: %2:2 = unrealized_conversion_cast %1 : f32 to i8, i8
// CHECK-NEXT: %3 = unrealized_conversion_cast to index
// CHECK-NEXT: }
// CHECK-EMPTY:

%0 = "foo.def"() : () -> i32
%1 = builtin.unrealized_conversion_cast %0 : i32 to f32
%2:2 = builtin.unrealized_conversion_cast %1 : f32 to i8, i8
%3 = builtin.unrealized_conversion_cast to index
