// Unmet expectations and unexpected diagnostics fail --verify-diagnostics.
// RUN: not strata-opt --allow-unregistered-dialect --verify-diagnostics %s 2>&1 | FileCheck %s

// CHECK-DAG: error: expected error "never emitted" was not produced
// CHECK-DAG: error: unexpected error: integer constant out of range for attribute

// expected-error @+1 {{never emitted}}
"foo.ok"() : () -> ()
"foo.bad"() {a = 256 : i8} : () -> ()
