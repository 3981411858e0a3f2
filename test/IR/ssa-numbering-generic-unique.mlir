// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK: module {
// CHECK-NEXT: "foo.two"() ({
// CHECK-NEXT: %1 = "foo.in_first"() : () -> i32
// CHECK-NEXT: "foo.yield"() : () -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: %1 = "foo.in_second"() : () -> i32
// CHECK-NEXT: "foo.yield"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: %0 = "foo.after"() : () -> i32
// CHECK-NEXT: }
// CHECK-EMPTY:
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT: "foo.two"() ({
// GENERIC-NEXT: %2 = "foo.in_first"() : () -> i32
// GENERIC-NEXT: "foo.yield"() : () -> ()
// GENERIC-NEXT: }, {
// GENERIC-NEXT: %1 = "foo.in_second"() : () -> i32
// GENERIC-NEXT: "foo.yield"() : () -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: %0 = "foo.after"() : () -> i32
// GENERIC-NEXT: }) : () -> ()
// GENERIC-EMPTY:

// In the generic form every value gets a number of its own: sibling
// regions do not reuse numbers.
"foo.two"() ({
  %a = "foo.in_first"() : () -> i32
  "foo.yield"() : () -> ()
}, {
  %c = "foo.in_second"() : () -> i32
  "foo.yield"() : () -> ()
}) : () -> ()
%y = "foo.after"() : () -> i32
