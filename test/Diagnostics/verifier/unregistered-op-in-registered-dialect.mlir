// RUN: strata-opt --allow-unregistered-dialect %s --split-input-file --verify-diagnostics

// A loaded dialect rejects ops it does not define, even with unregistered
// dialects allowed.
func.func @f() {
  // expected-error @+1 {{unregistered operation 'func.foo_bar_op' found in dialect ('func') that does not allow unknown operations}}
  %0 = "func.foo_bar_op"() : () -> index
  return
}
