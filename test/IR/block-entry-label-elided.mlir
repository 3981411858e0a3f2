// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: "foo.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// An entry block without arguments prints without its label.
"foo.region"() ({
^entry:
  "foo.return"() : () -> ()
}) : () -> ()
