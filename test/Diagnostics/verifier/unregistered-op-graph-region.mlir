// RUN: strata-opt --allow-unregistered-dialect %s --split-input-file --verify-diagnostics | FileCheck %s

// A single-block region of an unregistered op may be a graph region: uses
// before definitions are accepted.
// CHECK-LABEL: "foo.graph"() ({
// CHECK-NEXT: %0 = "foo"(%0, %1) : (i64, i64) -> i64
// CHECK-NEXT: %1 = "bar"(%0) : (i64) -> i64
"foo.graph"() ({
  %1 = "foo"(%1, %2) : (i64, i64) -> i64
  %2 = "bar"(%1) : (i64) -> i64
  "foo.terminator"() : () -> ()
}) : () -> ()

// -----

// A region of several blocks has SSA dominance.
"foo.cfg"() ({
  // expected-error @+1 {{operand #0 does not dominate this use}}
  "foo.use"(%1) : (i32) -> ()
  "foo.br"() [^bb1] : () -> ()
^bb1:
  // expected-note @+1 {{operand defined here}}
  %1 = "foo.def"() : () -> i32
  "foo.return"() : () -> ()
}) : () -> ()
