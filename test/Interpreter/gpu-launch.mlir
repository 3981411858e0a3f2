// gpu.launch runs its body once per (block, thread); ids read the launch's
// region arguments. gpu.barrier is reported, not run wrong.
// RUN: strata-run %s --entry main --print | FileCheck %s
// RUN: not strata-run %s --entry barrier 2>&1 | FileCheck %s --check-prefix=BARRIER
// RUN: strata-opt --canonicalize %s --verify-equivalence=main | FileCheck %s --check-prefix=CANON

// Sum over i in [0, 8) of i * i, with i = block_id * block_dim + thread_id
// computed twice: from the ids and from the region arguments.
// CHECK: 140 : index
// CANON: gpu.launch
func.func @main() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %m = memref.alloc() : memref<8xindex>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %i = affine.apply affine_map<(d0)[s0, s1] -> (d0 + s0 * s1)>(%tx)[%bx, %sx]
    %t = gpu.thread_id x
    %b = gpu.block_id x
    %bd = gpu.block_dim x
    %g = gpu.grid_dim y
    %v = arith.muli %b, %bd : index
    %w = arith.addi %v, %t : index
    %w1 = arith.muli %w, %g : index
    %sq = arith.muli %w1, %i : index
    memref.store %sq, %m[%i] : memref<8xindex>
    gpu.terminator
  }
  %sum = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %c0) -> (index) {
    %x = memref.load %m[%k] : memref<8xindex>
    %n = arith.addi %acc, %x : index
    scf.yield %n : index
  }
  memref.dealloc %m : memref<8xindex>
  return %sum : index
}

// BARRIER: gpu.barrier is not supported
func.func @barrier() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.barrier
    gpu.terminator
  }
  return
}
