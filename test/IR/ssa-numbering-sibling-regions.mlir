// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.outer"() : () -> i32
// CHECK-NEXT: "foo.two"() ({
// CHECK-NEXT: %2 = "foo.in_first"() : () -> i32
// CHECK-NEXT: %3 = "foo.in_first"() : () -> i32
// CHECK-NEXT: "foo.yield"() : () -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: %2 = "foo.in_second"() : () -> i32
// CHECK-NEXT: "foo.yield"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: %1 = "foo.after"() : () -> i32
// CHECK-NEXT: }
// CHECK-EMPTY:

// Sibling regions of one op start numbering from the same value.
%x = "foo.outer"() : () -> i32
"foo.two"() ({
  %a = "foo.in_first"() : () -> i32
  %b = "foo.in_first"() : () -> i32
  "foo.yield"() : () -> ()
}, {
  %c = "foo.in_second"() : () -> i32
  "foo.yield"() : () -> ()
}) : () -> ()
%y = "foo.after"() : () -> i32
