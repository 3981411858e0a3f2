// -o writes the output to a file instead of stdout.
// RUN: strata-opt --allow-unregistered-dialect %s -o %t
// RUN: FileCheck %s < %t

// CHECK: module {
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: }
"foo.op"() : () -> ()
