// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}undeclared-ssa-value.mlir:11:13: error: use of undeclared SSA value name
// CHECK-NEXT: "foo.use"(%undefined) : (i32) -> ()
// CHECK-NEXT: ^

// A use that no definition in the region ever resolves.
"foo.region"() ({
  // expected-error @+1 {{use of undeclared SSA value name}}
  "foo.use"(%undefined) : (i32) -> ()
  "foo.end"() : () -> ()
}) : () -> ()
