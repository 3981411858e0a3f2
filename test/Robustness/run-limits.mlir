// The interpreter's limits: element counts that overflow, allocations over
// --max-memory, non-terminating loops (--max-steps, --timeout), each a
// located error naming the op, in strata-run and in --verify-equivalence.
// RUN: not strata-run %s --entry wrap 2>&1 | FileCheck %s --check-prefix=WRAP
// RUN: not strata-run %s --entry alloc 2>&1 | FileCheck %s --check-prefix=ALLOC
// RUN: not strata-run %s --entry splat --max-memory 1000000 2>&1 | FileCheck %s --check-prefix=SPLAT
// RUN: strata-run %s --entry splat --print | FileCheck %s --check-prefix=SPLAT-OK
// RUN: not strata-run %s --entry arg --random-inputs 2>&1 | FileCheck %s --check-prefix=RANDOM
// RUN: python3 %S/Inputs/run_gen.py npy '|i1' 4611686018427387905,4 4 > %t.huge.npy
// RUN: not strata-run %s --entry arg --input %t.huge.npy 2>&1 | FileCheck %s --check-prefix=NPY
// RUN: not strata-run %s --entry spin --max-steps 100000 2>&1 | FileCheck %s --check-prefix=STEPS
// RUN: not strata-run %s --entry forever --timeout 0.5 2>&1 | FileCheck %s --check-prefix=TIME
// A linalg op runs its loop nest natively but is charged its iterations:
// the step limit stops it like the loops it stands for (found by the interp
// fuzz target: 17M iterations ran past every limit).
// RUN: not strata-run %s --entry big_conv --random-inputs --max-steps 100000 2>&1 | FileCheck %s --check-prefix=LINALG-STEPS
// RUN: strata-run %s --entry big_conv --random-inputs --max-steps 60000000 > /dev/null
// LINALG-STEPS: run-limits.mlir:[[@LINE+3]]:3: error: step limit of 100000 ops exceeded (non-terminating loop?)
// LINALG-STEPS-NEXT: linalg.conv_2d_nchw_fchw
func.func @big_conv(%i: memref<1x1200x16x16xf32>, %w: memref<8x1200x3x3xf32>, %o: memref<1x8x14x14xf32>) {
  linalg.conv_2d_nchw_fchw ins(%i, %w : memref<1x1200x16x16xf32>, memref<8x1200x3x3xf32>) outs(%o : memref<1x8x14x14xf32>)
  return
}
// RUN: not strata-opt %s --verify-equivalence=spin --max-steps 100000 2>&1 | FileCheck %s --check-prefix=EQ-STEPS
// RUN: not strata-opt %s --verify-equivalence=forever --timeout 0.5 2>&1 | FileCheck %s --check-prefix=EQ-TIME
// RUN: not strata-run %s --entry forever --timeout=-1 2>&1 | FileCheck %s --check-prefix=BAD-TIME

// WRAP: run-limits.mlir:[[@LINE+2]]:8: error: 'tensor.empty' needs more elements than fit in memory (shape [4611686018427387905, 4])
func.func @wrap() -> tensor<4611686018427387905x4xi8> {
  %e = tensor.empty() : tensor<4611686018427387905x4xi8>
  return %e : tensor<4611686018427387905x4xi8>
}

// ALLOC: run-limits.mlir:[[@LINE+2]]:8: error: 'memref.alloc' needs 1000000000000 elements ({{[0-9]+}} bytes), over the memory limit of 8589934592 bytes (--max-memory)
func.func @alloc() {
  %m = memref.alloc() : memref<1000000x1000000xf32>
  return
}

// SPLAT: run-limits.mlir:[[@LINE+3]]:8: error: 'arith.constant' needs 1000000 elements ({{[0-9]+}} bytes), over the memory limit of 1000000 bytes (--max-memory)
// SPLAT-OK: 3 : i8
func.func @splat() -> i8 {
  %c = arith.constant dense<3> : tensor<1000x1000xi8>
  %i = arith.constant 5 : index
  %x = tensor.extract %c[%i, %i] : tensor<1000x1000xi8>
  return %x : i8
}

// RANDOM: argument #0: random data of type 'tensor<4611686018427387905x4xi8>' needs more elements than fit in memory
// NPY: argument #0: {{.*}}huge.npy: the .npy data holds 4 bytes, the header's shape [4611686018427387905, 4] of '|i1' needs more than fit in memory
func.func @arg(%a: tensor<4611686018427387905x4xi8>) -> tensor<4611686018427387905x4xi8> {
  return %a : tensor<4611686018427387905x4xi8>
}

// STEPS: run-limits.mlir:[[@LINE+5]]:3: error: step limit of 100000 ops exceeded (non-terminating loop?)
// EQ-STEPS: error: equivalence check failed: @spin (seed 1, small values): the original function stopped: {{.*}}run-limits.mlir:[[@LINE+4]]:3: error: step limit of 100000 ops exceeded
func.func @spin() {
  cf.br ^bb1
^bb1:
  cf.br ^bb1
}

// TIME: run-limits.mlir:{{[0-9]+}}:{{[0-9]+}}: error: time limit of 0.5 s exceeded (non-terminating loop?)
// EQ-TIME: error: equivalence check failed: @forever (seed 1, small values): the original function stopped: {{.*}}time limit of 0.5 s exceeded
// BAD-TIME: --timeout=-1: expected a positive number of seconds
func.func @forever() -> i32 {
  %c = arith.constant 0 : i32
  %r = scf.while (%a = %c) : (i32) -> i32 {
    %t = arith.constant true
    scf.condition(%t) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return %r : i32
}
