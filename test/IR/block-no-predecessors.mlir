// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: "foo.return"() : () -> ()
// CHECK-NEXT: ^bb1:  // no predecessors
// CHECK-NEXT: "foo.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// An unreachable block has no pred comment.
"foo.region"() ({
  "foo.return"() : () -> ()
^dead:
  "foo.return"() : () -> ()
}) : () -> ()
