// --verify-equivalence catches a wrong rewrite that only the edges of a
// type's range show. test-unsound-increment-fold folds (x + 1) > x to true,
// wrong only at the largest x: a small-values trial cannot tell (one trial,
// seeds 1 to 3), while the full-range trial (the second) finds it and the
// failure names the seed and the distribution.
// RUN: strata-opt %s --test-unsound-increment-fold | FileCheck %s --check-prefix=FOLDED
// RUN: strata-opt %s --test-unsound-increment-fold --verify-equivalence --equivalence-trials=1 --equivalence-seed=1 > /dev/null
// RUN: strata-opt %s --test-unsound-increment-fold --verify-equivalence --equivalence-trials=1 --equivalence-seed=2 > /dev/null
// RUN: strata-opt %s --test-unsound-increment-fold --verify-equivalence --equivalence-trials=1 --equivalence-seed=3 > /dev/null
// RUN: not strata-opt %s --test-unsound-increment-fold --verify-equivalence --equivalence-trials=6 2>&1 | FileCheck %s --check-prefix=CAUGHT
// The same function through a correct pipeline passes every trial.
// RUN: strata-opt %s --canonicalize --verify-equivalence --equivalence-trials=6 > /dev/null

// FOLDED: %true = arith.constant true
// FOLDED-NEXT: affine.store %true
// CAUGHT: error: equivalence check failed: @increment_is_larger (seed {{[0-9]+}}, full range): output #1 differs: element {{[0-9]+}}: Int(0, 1) before, Int(1, 1) after

func.func @increment_is_larger(%in: memref<64xi8>, %out: memref<64xi1>) {
  %c1 = arith.constant 1 : i8
  affine.for %i = 0 to 64 {
    %a = affine.load %in[%i] : memref<64xi8>
    %b = arith.addi %a, %c1 : i8
    %r = arith.cmpi sgt, %b, %a : i8
    affine.store %r, %out[%i] : memref<64xi1>
  }
  return
}
