// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"() : () -> tuple<i32, i32>
// CHECK-NEXT: }
// CHECK-EMPTY:

// Type aliases are resolved at parse time and not re-printed.
!my_int = i32
!pair = tuple<!my_int, !my_int>
%0 = "foo.op"() : () -> !pair
