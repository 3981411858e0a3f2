// One bad chunk fails the run, but every chunk is still processed.
// RUN: not strata-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s

// CHECK: split-input-file-exit-code.mlir:10:18: error: integer constant out of range for attribute
// CHECK: "foo.after"
"foo.before"() : () -> ()

// -----

"foo.bad"() {a = 256 : i8} : () -> ()

// -----

"foo.after"() : () -> ()
