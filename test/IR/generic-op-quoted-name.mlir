// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op-with-dash"() : () -> ()
// CHECK-NEXT: "foo.op$dollar.x"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Op names are always quoted in the generic form, whatever they contain.
"foo.op-with-dash"() : () -> ()
"foo.op$dollar.x"() : () -> ()
