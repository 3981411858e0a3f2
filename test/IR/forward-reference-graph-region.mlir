// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.use"(%0) : (i32) -> ()
// CHECK-NEXT: %0 = "foo.def"() : () -> i32
// CHECK-NEXT: }
// CHECK-EMPTY:

// Module bodies are graph regions: uses may come before definitions.
"foo.use"(%later) : (i32) -> ()
%later = "foo.def"() : () -> i32
