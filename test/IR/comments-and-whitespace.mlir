// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.a"() : () -> ()
// CHECK-NEXT: %0 = "foo.b"() : () -> i32
// CHECK-NEXT: }
// CHECK-EMPTY:

// Comments and blank lines are dropped; layout is normalized.

"foo.a"   (  )   :   (  )   ->   (  )    // trailing comment
%0=  "foo.b"()  :  ()->i32
