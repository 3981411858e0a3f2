// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: ^bb0(%arg0: i64):
// CHECK-NEXT: "foo.return"(%arg0) : (i64) -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// The entry block label is printed when it has arguments.
"foo.region"() ({
^entry(%a: i64):
  "foo.return"(%a) : (i64) -> ()
}) : () -> ()
