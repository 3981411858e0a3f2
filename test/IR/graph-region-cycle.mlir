// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "foo.op"(%1) : (i32) -> i32
// CHECK-NEXT: %1 = "foo.op"(%0) : (i32) -> i32
// CHECK-NEXT: }
// CHECK-EMPTY:

// A graph region may contain cycles through uses.
%a = "foo.op"(%b) : (i32) -> i32
%b = "foo.op"(%a) : (i32) -> i32
