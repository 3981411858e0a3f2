// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.def"() : () -> i32
// CHECK-NEXT: %1 = unrealized_conversion_cast %0 : i32 to i64
// CHECK-NEXT: }
// CHECK-EMPTY:

%0 = "foo.def"() : () -> i32
%1 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> i64
