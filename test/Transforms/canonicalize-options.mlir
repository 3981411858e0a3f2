// RUN: strata-opt %s --canonicalize="top-down=false max-iterations=3" --dump-pass-pipeline 2>&1 | FileCheck %s
// RUN: not strata-opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations=2 test-convergence=true})' 2>&1 | FileCheck %s --check-prefix=NOCONV
// region-simplify takes one of MLIR's three levels, listed when the value is not one of them.
// RUN: strata-opt %s --canonicalize=region-simplify=aggressive --dump-pass-pipeline 2>&1 | FileCheck %s --check-prefix=AGGR
// RUN: not strata-opt %s --canonicalize=region-simplify=bogus 2>&1 | FileCheck %s --check-prefix=BAD
// AGGR: region-simplify=aggressive
// BAD: for the region-simplify option: Cannot find option named 'bogus'! (expected disabled, normal or aggressive)

// Per-pass flags build a pipeline; options print back.
// CHECK: Pass Manager with 1 passes:
// CHECK-NEXT: builtin.module(
// CHECK-NEXT:   canonicalize{top-down=false region-simplify=normal max-iterations=3 max-num-rewrites=-1 test-convergence=false disable-patterns= enable-patterns=}
// CHECK-NEXT: )

// A pattern that never reaches a fixed point: non-convergence is an error
// with test-convergence.
// NOCONV: error: canonicalization did not converge within 2 iterations
func.func @flip() {
  "test.flip"() {state = true} : () -> ()
  return
}
