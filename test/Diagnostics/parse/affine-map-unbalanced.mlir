// A malformed affine_map whose brackets do not balance is reported where
// MLIR's expression parser stops, with its message, not as an unbalanced
// dialect body; mlir-opt 22 accepts the same annotations.
// RUN: strata-opt %s --split-input-file --verify-diagnostics
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --split-input-file --verify-diagnostics

#m = affine_map<(d0) -> (d0 * 2, ->)> // expected-error {{expected affine expression}}

// -----

#m = affine_map<(d0)[s0] -> ((d0 floordiv s0, d0)> // expected-error {{expected ')'}}

// -----

#m = affine_map<(d0)[s0] -> d0 - s0)> // expected-error {{expected '(' in affine map range}}
