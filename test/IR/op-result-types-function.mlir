// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.one"() : () -> i32
// CHECK-NEXT: %1:2 = "foo.two"() : () -> (i32, i64)
// CHECK-NEXT: "foo.zero"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Result type lists print in parentheses only when there is more than one.
%0 = "foo.one"() : () -> (i32)
%1:2 = "foo.two"() : () -> (i32, i64)
"foo.zero"() : () -> ()
