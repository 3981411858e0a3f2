// Long options take one dash or two, as in mlir-opt.
// RUN: strata-opt -allow-unregistered-dialect -mlir-print-op-generic %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s

// CHECK: "builtin.module"() ({
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: }) : () -> ()
"foo.op"() : () -> ()
