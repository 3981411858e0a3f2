// RUN: strata-opt %s -split-input-file -verify-diagnostics -test-convert-types="unconvertible=7 test-legalize-mode=full"

// A type no conversion handles: the op keeps it, and a full conversion
// fails on it.
func.func @unconvertible(%arg0: i16) {
  // expected-error @+1 {{failed to legalize operation 'test.pure'}}
  %0 = "test.pure"(%arg0) : (i16) -> i7
  return
}
