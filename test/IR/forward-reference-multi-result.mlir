// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.use"(%0#1) : (f32) -> ()
// CHECK-NEXT: %0:2 = "foo.def"() : () -> (i32, f32)
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.use"(%v#1) : (f32) -> ()
%v:2 = "foo.def"() : () -> (i32, f32)
