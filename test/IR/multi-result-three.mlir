// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0:3 = "foo.triple"() : () -> (i1, i8, i16)
// CHECK-NEXT: "foo.use"(%0#2) : (i16) -> ()
// CHECK-NEXT: %1 = "foo.single"() : () -> index
// CHECK-NEXT: "foo.use"(%0#0, %1) : (i1, index) -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

%a:3 = "foo.triple"() : () -> (i1, i8, i16)
"foo.use"(%a#2) : (i16) -> ()
%b = "foo.single"() : () -> index
"foo.use"(%a#0, %b) : (i1, index) -> ()
