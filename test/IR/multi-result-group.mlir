// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0:2 = "foo.pair"() : () -> (i32, f32)
// CHECK-NEXT: "foo.use"(%0#1, %0#0) : (f32, i32) -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// `%r:2` names a group of results; `%r#1` picks one.
%r:2 = "foo.pair"() : () -> (i32, f32)
"foo.use"(%r#1, %r#0) : (f32, i32) -> ()
