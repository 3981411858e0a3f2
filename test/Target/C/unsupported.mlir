// What the C back end cannot translate is reported at the op, never a crash.
// RUN: not strata-translate --mlir-to-c %s 2>&1 | FileCheck %s
// RUN: not strata-run %s --entry vec --random-inputs --target c 2>&1 | FileCheck %s

// CHECK: unsupported.mlir:6:1: error: 'func.func' op the C back end does not support the type 'vector<4xf32>'
func.func @vec(%v: vector<4xf32>) -> vector<4xf32> {
  %r = arith.addf %v, %v : vector<4xf32>
  return %r : vector<4xf32>
}
