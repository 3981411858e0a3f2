// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// An op with nothing but a name, in the generic form.
"foo.op"() : () -> ()
