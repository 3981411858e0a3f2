// strata-run --target c checks memref indices as the interpreter does and
// reports the same located error; strata-translate leaves the checks out.
// RUN: not strata-run %s --entry oob --random-inputs --seed 2 2> %t.ie
// RUN: not strata-run %s --entry oob --random-inputs --seed 2 --target c 2> %t.ce
// RUN: diff %t.ie %t.ce
// RUN: FileCheck %s --input-file %t.ce
// RUN: strata-run %s --entry oob --input=2 --random-inputs --seed 1 --print --target c | FileCheck %s --check-prefix=OK
// RUN: strata-translate --mlir-to-c %s | FileCheck %s --check-prefix=NOCHECK

// CHECK: bounds.mlir:15:8: error: out-of-bounds access at [1, -5] of a memref of shape [3, 4]
// OK: : f32
// NOCHECK-NOT: ) strata_out_of_bounds(
func.func @oob(%i: index, %m: memref<3x4xf32>) -> f32 {
  %c1 = arith.constant 1 : index
  %v = memref.load %m[%c1, %i] : memref<3x4xf32>
  return %v : f32
}
