// RUN: strata-opt %s --split-input-file --verify-diagnostics

// Case values are read as 64-bit signed integers, as mlir-opt 22 does.
func.func @too_large(%flag: i64) {
  // expected-error @+1 {{integer value too large}}
  cf.switch %flag : i64, [default: ^bb1, 18446744073709551615: ^bb1]
^bb1:
  return
}
