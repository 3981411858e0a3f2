// Interprocedural sccp, as MLIR's: constants flow from live call sites
// into the arguments of callable symbols whose callers are all known
// (private, or `nested` where nothing outside can name them, and never
// named by an op that is not a call), and out of the returns of any callee
// with a body into its callers' results. Calls in dead blocks are not call
// sites; a private function nobody calls is not executable. Run on a
// function (`func.func(sccp)`) a call is opaque. The output is
// byte-identical to mlir-opt 22's under the three pipelines, and the
// interpreter computes the same before and after on random inputs.
// RUN: strata-opt %s --sccp -split-input-file > %t.strata
// RUN: FileCheck %s < %t.strata
// RUN: strata-opt %s --sccp -split-input-file --verify-equivalence --equivalence-trials=5 > /dev/null
// RUN: strata-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(sccp))' | FileCheck %s --check-prefix=FUNC
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --sccp -split-input-file > %t.mlir
// RUN: diff %t.strata %t.mlir
// RUN: strata-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(sccp))' > %t.func.strata
// RUN: mlir-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(sccp))' > %t.func.mlir
// RUN: diff %t.func.strata %t.func.mlir
// RUN: strata-opt %s -split-input-file -pass-pipeline='builtin.module(builtin.module(sccp))' > %t.nested.strata
// RUN: mlir-opt %s -split-input-file -pass-pipeline='builtin.module(builtin.module(sccp))' > %t.nested.mlir
// RUN: diff %t.nested.strata %t.nested.mlir

// Private callee: its argument is the constant every live call passes,
// and its result is the constant it returns.
// FUNC-LABEL: func.func private @private(
// FUNC-NEXT:    return %arg0 : i32
// FUNC-LABEL: func.func @simple_private(
// FUNC:         %[[R:.*]] = call @private
// FUNC-NEXT:    return %[[R]] : i32
// CHECK-LABEL: func.func private @private(
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    return %[[C1]] : i32
// CHECK-LABEL: func.func @simple_private(
// CHECK:         %[[C:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    call @private(%[[C]])
// CHECK-NEXT:    return %[[C]] : i32
func.func private @private(%arg0 : i32) -> i32 {
  return %arg0 : i32
}
func.func @simple_private() -> i32 {
  %1 = arith.constant 1 : i32
  %result = call @private(%1) : (i32) -> i32
  return %result : i32
}

// -----

// The call in the dead block is not a call site: @callee only sees 5.
// CHECK-LABEL: func.func private @callee(
// CHECK-DAG:     %[[C10:.*]] = arith.constant 10 : i32
// CHECK:         return %[[C10]] : i32
// CHECK-LABEL: func.func @dead_call_site(
// CHECK-DAG:     %[[R:.*]] = arith.constant 10 : i32
// CHECK:       ^bb1:
// CHECK-NEXT:    call @callee
// CHECK-NEXT:    return %[[R]] : i32
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[D:.*]] = call @callee
// CHECK-NEXT:    return %[[D]] : i32
func.func private @callee(%arg0 : i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %0 = arith.muli %arg0, %c2 : i32
  return %0 : i32
}
func.func @dead_call_site() -> i32 {
  %true = arith.constant true
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  cf.cond_br %true, ^bb1, ^bb2
^bb1:
  %0 = call @callee(%c5) : (i32) -> i32
  return %0 : i32
^bb2:
  %1 = call @callee(%c7) : (i32) -> i32
  return %1 : i32
}

// -----

// Recursion: the argument stays 3 along the recursive call.
// CHECK-LABEL: func.func private @rec(
// CHECK:         %[[C3:.*]] = arith.constant 3 : i32
// CHECK:       ^bb1:
// CHECK-NEXT:    return %[[C3]] : i32
// CHECK:         call @rec(%[[C3]], %{{.*}})
// CHECK-NEXT:    return %[[C3]] : i32
// CHECK-LABEL: func.func @recursion(
// CHECK:         %[[R:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    call @rec
// CHECK-NEXT:    return %[[R]] : i32
func.func private @rec(%arg0 : i32, %n : i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %done = arith.cmpi sle, %n, %c0 : i32
  cf.cond_br %done, ^bb1, ^bb2
^bb1:
  return %arg0 : i32
^bb2:
  %m = arith.subi %n, %c1 : i32
  %r = call @rec(%arg0, %m) : (i32, i32) -> i32
  return %r : i32
}
func.func @recursion(%n : i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %r = call @rec(%c3, %n) : (i32, i32) -> i32
  return %r : i32
}

// -----

// A public function's arguments are unknown, but what it returns reaches
// its callers: 4, not its argument.
// CHECK-LABEL: func.func @public(%arg0: i32)
// CHECK:         return %{{.*}}, %arg0 : i32, i32
// CHECK-LABEL: func.func @caller(
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : i32
// CHECK:         %[[R:.*]]:2 = call @public
// CHECK-NEXT:    return %[[C4]], %[[R]]#1 : i32, i32
func.func @public(%arg0 : i32) -> (i32, i32) {
  %c4 = arith.constant 4 : i32
  return %c4, %arg0 : i32, i32
}
func.func @caller() -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %r:2 = call @public(%c1) : (i32) -> (i32, i32)
  return %r#0, %r#1 : i32, i32
}

// -----

// Two returns: the result is constant when both return the same value.
// CHECK-LABEL: func.func @same_from_both(
// CHECK-NEXT:    %[[C8:.*]] = arith.constant 8 : i32
// CHECK-NEXT:    call @two_returns
// CHECK-NEXT:    return %[[C8]] : i32
func.func private @two_returns(%c : i1) -> i32 {
  %c8 = arith.constant 8 : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %c8 : i32
^bb2:
  %c8b = arith.constant 8 : i32
  return %c8b : i32
}
func.func @same_from_both(%c : i1) -> i32 {
  %r = call @two_returns(%c) : (i1) -> i32
  return %r : i32
}

// -----

// A private function taken by func.constant has unknown callers.
// CHECK-LABEL: func.func private @taken(%arg0: i32)
// CHECK-NEXT:    return %arg0 : i32
// CHECK-LABEL: func.func @address_taken(
// CHECK-NEXT:    %[[F:.*]] = constant @taken : (i32) -> i32
// CHECK:         %[[R:.*]] = call @taken
// CHECK-NEXT:    return %[[R]], %[[F]]
func.func private @taken(%arg0 : i32) -> i32 {
  return %arg0 : i32
}
func.func @address_taken() -> (i32, (i32) -> i32) {
  %c1 = arith.constant 1 : i32
  %f = func.constant @taken : (i32) -> i32
  %r = call @taken(%c1) : (i32) -> i32
  return %r, %f : i32, (i32) -> i32
}

// -----

// Symbols of a nested module: a `nested` function of an unnamed module is
// only called from inside; a private one of a named module too.
// CHECK-LABEL: func.func nested @n(
// CHECK-NEXT:    %[[C6:.*]] = arith.constant 6 : i32
// CHECK-NEXT:    return %[[C6]] : i32
// CHECK-LABEL: module @named
// CHECK-LABEL: func.func private @p(
// CHECK-NEXT:    %[[C9:.*]] = arith.constant 9 : i32
// CHECK-NEXT:    return %[[C9]] : i32
// CHECK-LABEL: func.func nested @q(
// CHECK-NEXT:    %[[C9Q:.*]] = arith.constant 9 : i32
// CHECK-NEXT:    return %[[C9Q]] : i32
// CHECK-LABEL: func.func @use_p(
// CHECK:         return %[[C:.*]], %[[C]] : i32, i32
module {
  func.func nested @n(%arg0 : i32) -> i32 {
    return %arg0 : i32
  }
  func.func @use_n() -> i32 {
    %c6 = arith.constant 6 : i32
    %r = call @n(%c6) : (i32) -> i32
    return %r : i32
  }
}
module @named {
  func.func private @p(%arg0 : i32) -> i32 {
    return %arg0 : i32
  }
  func.func nested @q(%arg0 : i32) -> i32 {
    return %arg0 : i32
  }
  func.func @use_p() -> (i32, i32) {
    %c9 = arith.constant 9 : i32
    %r = call @p(%c9) : (i32) -> i32
    %s = call @q(%c9) : (i32) -> i32
    return %r, %s : i32, i32
  }
}

// -----

// A private function nobody calls is not executable: nothing is folded.
// CHECK-LABEL: func.func private @unreferenced(
// CHECK-NEXT:    arith.constant 1 : i32
// CHECK-NEXT:    arith.constant 2 : i32
// CHECK-NEXT:    %[[S:.*]] = arith.addi
// CHECK-NEXT:    return %[[S]] : i32
func.func private @unreferenced() -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  return %0 : i32
}

// -----

// A call inside scf.if is a call site.
// CHECK-LABEL: func.func private @in_if(
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    return %[[C3]] : i32
// CHECK-LABEL: func.func @call_in_region(
// CHECK:         func.call @in_if
// CHECK-NEXT:    scf.yield %[[C:.*]] : i32
// CHECK:         return %[[C]] : i32
func.func private @in_if(%arg0 : i32) -> i32 {
  return %arg0 : i32
}
func.func @call_in_region(%c : i1) -> i32 {
  %c3 = arith.constant 3 : i32
  %r = scf.if %c -> i32 {
    %x = func.call @in_if(%c3) : (i32) -> i32
    scf.yield %x : i32
  } else {
    scf.yield %c3 : i32
  }
  return %r : i32
}

// -----

// An indirect call is not a call site, and the func.constant it calls
// through makes @target's callers unknown.
// CHECK-LABEL: func.func private @target(%arg0: i32)
// CHECK-NEXT:    return %arg0 : i32
// CHECK-LABEL: func.func @indirect(
// CHECK:         %[[R:.*]] = call_indirect
// CHECK-NEXT:    return %[[R]] : i32
func.func private @target(%arg0 : i32) -> i32 {
  return %arg0 : i32
}
func.func @indirect() -> i32 {
  %c3 = arith.constant 3 : i32
  %f = func.constant @target : (i32) -> i32
  %r = func.call_indirect %f(%c3) : (i32) -> i32
  return %r : i32
}
