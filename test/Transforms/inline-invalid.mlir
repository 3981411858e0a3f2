// RUN: strata-opt %s -inline='default-pipeline=cse' -verify-diagnostics

// The inliner simplifies callables with the canonicalizer or not at all;
// another pipeline is an error, not silently ignored.
// expected-error@+1 {{inline: default-pipeline 'cse' is not supported (only 'canonicalize' or '')}}
module {
  func.func @f() {
    return
  }
}
