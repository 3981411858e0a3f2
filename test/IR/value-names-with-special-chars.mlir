// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.x"() : () -> i32
// CHECK-NEXT: %1 = "foo.y"(%0) : (i32) -> i32
// CHECK-NEXT: %2 = "foo.z"(%1) : (i32) -> i32
// CHECK-NEXT: }
// CHECK-EMPTY:

// SSA names may contain $, . and - ; they still print renumbered.
%a.b = "foo.x"() : () -> i32
%c$d = "foo.y"(%a.b) : (i32) -> i32
%e-f = "foo.z"(%c$d) : (i32) -> i32
