// Deep recursion through nested regions runs on the interpreter's own
// stack up to its limits (512 calls, 16384 nested regions) and ends in a
// located error beyond them, never in a native stack overflow.
// RUN: strata-run %s --entry f --input 500 --print | FileCheck %s --check-prefix=DEEP
// RUN: not strata-run %s --entry f --input 600 2>&1 | FileCheck %s --check-prefix=CALLS
// RUN: python3 %S/Inputs/run_gen.py chain 100 100 > %t.chain100.mlir
// RUN: strata-run %t.chain100.mlir --entry f0 --print | FileCheck %s --check-prefix=CHAIN
// RUN: python3 %S/Inputs/run_gen.py chain 200 100 > %t.chain200.mlir
// RUN: not strata-run %t.chain200.mlir --entry f0 2>&1 | FileCheck %s --check-prefix=REGIONS

// DEEP: 0 : i64
// CALLS: run-deep-nesting.mlir:[[@LINE+3]]:1: error: call depth exceeds 512 (unbounded recursion?)
// CHAIN: 7 : i64
// REGIONS: chain200.mlir:{{[0-9]+}}:10: error: regions nest deeper than 16384 (unbounded recursion?)
func.func @f(%n: i64) -> i64 {
  %c1 = arith.constant 1 : i64
  %z = arith.constant 0 : i64
  %t = arith.constant true
  %done = arith.cmpi sle, %n, %z : i64
  %res = scf.if %done -> i64 {
    scf.yield %z : i64
  } else {
    %m = arith.subi %n, %c1 : i64
    %w0 = scf.if %t -> i64 {
    %w1 = scf.if %t -> i64 {
    %w2 = scf.if %t -> i64 {
    %w3 = scf.if %t -> i64 {
    %w4 = scf.if %t -> i64 {
    %w5 = scf.if %t -> i64 {
    %w6 = scf.if %t -> i64 {
    %w7 = scf.if %t -> i64 {
    %w8 = scf.if %t -> i64 {
    %w9 = scf.if %t -> i64 {
    %w10 = scf.if %t -> i64 {
    %w11 = scf.if %t -> i64 {
    %w12 = scf.if %t -> i64 {
    %w13 = scf.if %t -> i64 {
    %w14 = scf.if %t -> i64 {
    %w15 = scf.if %t -> i64 {
    %w16 = scf.if %t -> i64 {
    %w17 = scf.if %t -> i64 {
    %w18 = scf.if %t -> i64 {
    %w19 = scf.if %t -> i64 {
    %rr = func.call @f(%m) : (i64) -> i64
    scf.yield %rr : i64
    } else { scf.yield %z : i64 }
    scf.yield %w19 : i64
    } else { scf.yield %z : i64 }
    scf.yield %w18 : i64
    } else { scf.yield %z : i64 }
    scf.yield %w17 : i64
    } else { scf.yield %z : i64 }
    scf.yield %w16 : i64
    } else { scf.yield %z : i64 }
    scf.yield %w15 : i64
    } else { scf.yield %z : i64 }
    scf.yield %w14 : i64
    } else { scf.yield %z : i64 }
    scf.yield %w13 : i64
    } else { scf.yield %z : i64 }
    scf.yield %w12 : i64
    } else { scf.yield %z : i64 }
    scf.yield %w11 : i64
    } else { scf.yield %z : i64 }
    scf.yield %w10 : i64
    } else { scf.yield %z : i64 }
    scf.yield %w9 : i64
    } else { scf.yield %z : i64 }
    scf.yield %w8 : i64
    } else { scf.yield %z : i64 }
    scf.yield %w7 : i64
    } else { scf.yield %z : i64 }
    scf.yield %w6 : i64
    } else { scf.yield %z : i64 }
    scf.yield %w5 : i64
    } else { scf.yield %z : i64 }
    scf.yield %w4 : i64
    } else { scf.yield %z : i64 }
    scf.yield %w3 : i64
    } else { scf.yield %z : i64 }
    scf.yield %w2 : i64
    } else { scf.yield %z : i64 }
    scf.yield %w1 : i64
    } else { scf.yield %z : i64 }
    scf.yield %w0 : i64
  }
  return %res : i64
}
