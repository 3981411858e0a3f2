// A compiled program killed by a signal is reported with the signal's name
// and a non-zero exit, never as a bare failure: here a load without the
// bounds checks far outside its memref.
// RUN: not strata-run %s --entry far --input=1099511627776 --random-inputs --no-bounds-checks --target c 2>&1 | FileCheck %s
// With the checks, the interpreter's located error instead.
// RUN: not strata-run %s --entry far --input=1099511627776 --random-inputs --target c 2>&1 | FileCheck %s --check-prefix=CHECKED

// CHECK: strata-run: error: the compiled program was killed by SIGSEGV (11)
// CHECKED: signal.mlir:[[@LINE+2]]:8: error: out-of-bounds access at [1099511627776] of a memref of shape [4]
func.func @far(%i: index, %m: memref<4xf32>) -> f32 {
  %x = memref.load %m[%i] : memref<4xf32>
  return %x : f32
}
