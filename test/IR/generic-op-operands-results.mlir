// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.a"() : () -> i32
// CHECK-NEXT: %1 = "foo.b"(%0, %0) : (i32, i32) -> i64
// CHECK-NEXT: "foo.c"(%1) : (i64) -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

%0 = "foo.a"() : () -> i32
%1 = "foo.b"(%0, %0) : (i32, i32) -> i64
"foo.c"(%1) : (i64) -> ()
