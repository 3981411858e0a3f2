// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: %0 = "foo.def"() : () -> f32
// CHECK-NEXT: "foo.br"(%0, %0)[^bb1] : (f32, f32) -> ()
// CHECK-NEXT: ^bb1(%1: f32, %2: f32):  // pred: ^bb0
// CHECK-NEXT: "foo.return"(%2) : (f32) -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// A successor may name a block defined later, with arguments.
"foo.region"() ({
  %v = "foo.def"() : () -> f32
  "foo.br"(%v, %v)[^end] : (f32, f32) -> ()
^end(%p: f32, %q: f32):
  "foo.return"(%q) : (f32) -> ()
}) : () -> ()
