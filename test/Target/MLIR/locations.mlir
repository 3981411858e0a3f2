// Ops imported from MLIR keep the locations of the ops they came from in
// this file, also inside custom syntaxes MLIR prints locations in (the
// induction variable of affine.for), and nothing is lost on the way.
// REQUIRES: mlir
// RUN: strata-translate --import-mlir %s 2>&1 | FileCheck %s --check-prefix=QUIET --implicit-check-not=warning
// RUN: strata-translate --import-mlir --mlir-print-debuginfo %s | FileCheck %s
// RUN: strata-translate --export-mlir --mlir-print-debuginfo %s | FileCheck %s
// The same text mlir-opt prints with locations is read by Strata directly.
// RUN: mlir-opt --mlir-print-debuginfo %s | strata-opt --mlir-print-debuginfo | FileCheck %s

// QUIET: affine.for
// CHECK: %[[V:.*]] = affine.load %{{.*}}[%{{.*}}] : memref<8xf32> loc(#[[LOAD:loc[0-9]*]])
// CHECK: #[[LOAD]] = loc("{{.*}}locations.mlir":[[@LINE+4]]:10)
func.func @f(%m: memref<8xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to 8 iter_args(%acc = %zero) -> (f32) {
    %v = affine.load %m[%i] : memref<8xf32>
    %n = arith.addf %acc, %v : f32
    affine.yield %n : f32
  }
  return %s : f32
}
