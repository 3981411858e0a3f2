// `-` (and no input at all) reads standard input.
// RUN: strata-opt --allow-unregistered-dialect - < %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect < %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() : () -> ()
"foo.op"() : () -> ()
