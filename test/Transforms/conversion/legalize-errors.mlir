// RUN: strata-opt %s -split-input-file -verify-diagnostics -test-legalize-patterns

// Partial conversion fails only on ops marked illegal that nothing converts.

func.func @explicitly_illegal() {
  // expected-error @+1 {{failed to legalize operation 'test.side_effect_free_illegal' that was explicitly marked illegal}}
  "test.side_effect_free_illegal"() : () -> ()
  return
}

// -----

// No rollback: a pattern that applied must produce legal (or legalizable)
// IR; here it produces an illegal op nothing converts, and the conversion
// fails instead of trying the next pattern.
func.func @no_rollback() {
  // expected-error @+2 {{pattern 'IllegalToUnconvertible' produced IR that could not be legalized}}
  // expected-note @+1 {{failed to legalize operation 'test.side_effect_free_illegal' (the conversion of 'test.illegal' does not roll back)}}
  "test.illegal"() {produce_illegal} : () -> ()
  return
}
