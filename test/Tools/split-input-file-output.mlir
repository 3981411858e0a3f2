// --split-input-file prints each chunk's output, separated by a marker line.
// RUN: strata-opt --allow-unregistered-dialect --split-input-file %s | FileCheck %s

// CHECK: "foo.first"
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT: "foo.second"
"foo.first"() : () -> ()

// -----

"foo.second"() : () -> ()
