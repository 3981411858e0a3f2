// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = 42 : i32, b = "hello"} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Attribute aliases are resolved at parse time; MLIR only prints aliases
// for the kinds it chooses (affine maps and sets, not strings or ints).
#my_attr = 42 : i32
#str = "hello"
"foo.op"() {a = #my_attr, b = #str} : () -> ()
