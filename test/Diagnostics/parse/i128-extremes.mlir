// RUN: strata-opt %s | FileCheck %s

// The extreme i128 literals parse (canonicalize can print them).
// CHECK: arith.constant -170141183460469231731687303715884105728 : i128
// CHECK: arith.constant 170141183460469231731687303715884105727 : i128
func.func @f() -> (i128, i128) {
  %min = arith.constant -170141183460469231731687303715884105728 : i128
  %max = arith.constant 170141183460469231731687303715884105727 : i128
  return %min, %max : i128, i128
}
