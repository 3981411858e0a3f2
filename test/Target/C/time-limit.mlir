// The compiled program runs under a time limit (--timeout seconds, as
// the interpreter; 600 by default) and is killed and reported
// when it runs longer: an scf.while on true and a block branching to
// itself. A tail call stays a call (GCC would turn the recursion into a
// loop and fold it into `return 0`), so a recursion that never ends
// overflows the stack and is reported as the signal.
// RUN: not strata-run %s --timeout=0.5 --entry spin --target c 2>&1 | FileCheck %s
// RUN: not strata-run %s --timeout=0.5 --entry self_branch --target c 2>&1 | FileCheck %s
// RUN: not strata-run %s --timeout=30 --entry recurse --input=1 --target c 2>&1 | FileCheck %s --check-prefix=STACK
// RUN: not strata-run %s --timeout=-1 --entry spin --target c 2>&1 | FileCheck %s --check-prefix=BAD
// A program that finishes is not affected.
// RUN: strata-run %s --timeout=30 --entry recurse --input=0 --print --target c | FileCheck %s --check-prefix=DONE

// CHECK: strata-run: error: the compiled program ran longer than the time limit of 0.5 s and was killed (--timeout sets it)
// STACK: strata-run: error: the compiled program was killed by SIGSEGV (11)
// BAD: strata-run: error: --timeout=-1: expected a positive number of seconds
// DONE: 0 : i64

func.func @spin() -> i64 {
  %c0 = arith.constant 0 : i64
  %r = scf.while (%x = %c0) : (i64) -> i64 {
    %t = arith.constant true
    scf.condition(%t) %x : i64
  } do {
  ^bb0(%y: i64):
    %one = arith.constant 1 : i64
    %z = arith.addi %y, %one : i64
    scf.yield %z : i64
  }
  return %r : i64
}

func.func @self_branch() -> i64 {
  %c0 = arith.constant 0 : i64
  cf.br ^loop(%c0 : i64)
^loop(%x: i64):
  %one = arith.constant 1 : i64
  %y = arith.addi %x, %one : i64
  cf.br ^loop(%y : i64)
}

// Counts down from %n by 0 (never reaching zero unless it starts there).
func.func @recurse(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %done = arith.cmpi eq, %n, %c0 : i64
  cf.cond_br %done, ^end, ^again
^end:
  return %n : i64
^again:
  %r = func.call @recurse(%n) : (i64) -> i64
  return %r : i64
}
