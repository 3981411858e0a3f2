// sccp through scf.for, scf.while, scf.index_switch, scf.execute_region,
// affine.for and affine.if (RegionBranchOpInterface, as MLIR's SparseConstantPropagation
// sees them): loop-carried values that every edge gives the same constant
// become constants, induction variables stay overdefined, constant
// conditions and trip counts of zero or one leave edges dead. The output
// is byte-identical to mlir-opt 22's (the diff) and the interpreter
// computes the same before and after on random inputs.
// RUN: strata-opt %s --sccp > %t.strata
// RUN: FileCheck %s < %t.strata
// RUN: strata-opt %s --sccp --verify-equivalence --equivalence-trials=10 > /dev/null
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --sccp > %t.mlir
// RUN: diff %t.strata %t.mlir

// %keep is 3 on entry and 3 around the back edge: a constant; %grow is
// not. The loop stays (%grow's result is used).
// CHECK-LABEL: func.func @for_carried(
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %0:2 = scf.for %arg3 = %arg0 to %arg1 step %arg2 iter_args(%arg4 = %c3_i32, %arg5 = %c1_i32) -> (i32, i32) {
// CHECK-NEXT: %1 = arith.shli %arg5, %c1_i32 : i32
// CHECK-NEXT: scf.yield %c3_i32, %1 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: return %c3_i32, %0#1 : i32, i32
func.func @for_carried(%lb: index, %ub: index, %step: index) -> (i32, i32) {
  %three = arith.constant 3 : i32
  %one = arith.constant 1 : i32
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%keep = %three, %grow = %one) -> (i32, i32) {
    %k = arith.muli %keep, %one : i32
    %g = arith.shli %grow, %one : i32
    scf.yield %k, %g : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// Optimistic: the scf.if's condition is known only once the loop-carried
// value is (0 < 10 on every iteration), so the else branch never runs and
// the whole loop folds away.
// CHECK-LABEL: func.func @for_inner_if(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NOT: scf.
// CHECK: return %c0_i32 : i32
func.func @for_inner_if(%n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (i32) {
    %ten = arith.constant 10 : i32
    %small = arith.cmpi slt, %a, %ten : i32
    %next = scf.if %small -> (i32) {
      scf.yield %zero : i32
    } else {
      %b = arith.addi %a, %ten : i32
      scf.yield %b : i32
    }
    scf.yield %next : i32
  }
  return %r : i32
}

// The induction variable is overdefined even when the loop runs once.
// CHECK-LABEL: func.func @for_iv(
// CHECK: scf.for
// CHECK: return %0 : index
func.func @for_iv() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%a = %c0) -> (index) {
    %x = arith.addi %i, %c1 : index
    scf.yield %x : index
  }
  return %r : index
}

// scf.for never looks at its bounds: with no iteration the result still
// joins what the body yields (5 and 6: overdefined).
// CHECK-LABEL: func.func @for_zero_trip(
// CHECK: %0 = scf.for
// CHECK: return %0 : i32
func.func @for_zero_trip() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %five = arith.constant 5 : i32
  %six = arith.constant 6 : i32
  %r = scf.for %i = %c1 to %c0 step %c1 iter_args(%a = %five) -> (i32) {
    scf.yield %six : i32
  }
  return %r : i32
}

// Loop-carried values through scf.while: %b is 1 throughout; the
// condition forwards its operands in another order than the before
// region's arguments.
// CHECK-LABEL: func.func @while_carried(
// CHECK: scf.condition(%1) %c1_i32, %arg1 : i32, i32
// CHECK: return %0#1, %c1_i32 : i32, i32
func.func @while_carried(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%a = %c0, %b = %c1) : (i32, i32) -> (i32, i32) {
    %cond = arith.cmpi slt, %a, %n : i32
    scf.condition(%cond) %b, %a : i32, i32
  } do {
  ^bb0(%y: i32, %x: i32):
    %z = arith.addi %x, %y : i32
    scf.yield %z, %y : i32, i32
  }
  return %r#1, %r#0 : i32, i32
}

// A condition known false: the after region never runs, the result is the
// init and the loop goes.
// CHECK-LABEL: func.func @while_false(
// CHECK-NOT: scf.while
// CHECK: return %c4_i32 : i32
func.func @while_false() -> i32 {
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%a = %c4) : (i32) -> (i32) {
    %big = arith.cmpi sgt, %a, %c4 : i32
    scf.condition(%big) %a : i32
  } do {
  ^bb0(%x: i32):
    %z = arith.addi %x, %c1 : i32
    scf.yield %z : i32
  }
  return %r : i32
}

// Fewer condition operands than before-region arguments: %j is 1 on
// every edge, %i is 0 then 1 (the loop runs once).
// CHECK-LABEL: func.func @while_arg_count(
// CHECK-NOT: scf.while
// CHECK: return %c1 : index
func.func @while_arg_count() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%i = %c0, %j = %c1) : (index, index) -> index {
    %lt = arith.cmpi slt, %i, %c1 : index
    scf.condition(%lt) %j : index
  } do {
  ^bb0(%x: index):
    %y = arith.muli %x, %c1 : index
    scf.yield %c1, %y : index, index
  }
  return %r : index
}

// A known switch index: only the matching case runs. With an unknown
// index both regions give 10 (20 / 2 folds to the same constant as the
// arith.constant: one materialized constant).
// CHECK-LABEL: func.func @switch(
// CHECK-NEXT: %c20_i32 = arith.constant 20 : i32
// CHECK-NEXT: %c10_i32 = arith.constant 10 : i32
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: return %c20_i32, %c10_i32 : i32, i32
func.func @switch(%i: index) -> (i32, i32) {
  %c2 = arith.constant 2 : index
  %ten = arith.constant 10 : i32
  %twenty = arith.constant 20 : i32
  %0 = scf.index_switch %c2 -> i32
  case 1 {
    scf.yield %ten : i32
  }
  case 2 {
    scf.yield %twenty : i32
  }
  default {
    scf.yield %ten : i32
  }
  %1 = scf.index_switch %i -> i32
  case 1 {
    scf.yield %ten : i32
  }
  default {
    %t = arith.addi %ten, %ten : i32
    %two = arith.constant 2 : i32
    %h = arith.divsi %t, %two : i32
    scf.yield %h : i32
  }
  return %0, %1 : i32, i32
}

// affine.for with constant bounds: one iteration (0 to 5 step 10) never
// takes the back edge, so the carried value is 2 after it; none (4 to 4)
// leaves the init.
// CHECK-LABEL: func.func @affine_trip_counts(
// CHECK: affine.yield %c2_i32, %arg0 : i32, index
// CHECK: return %c2_i32, %0#1, %c1_i32 : i32, index, i32
func.func @affine_trip_counts() -> (i32, index, i32) {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : index
  %r:2 = affine.for %i = 0 to 5 step 10 iter_args(%a = %c1, %b = %c0) -> (i32, index) {
    %x = arith.addi %a, %a : i32
    affine.yield %x, %i : i32, index
  }
  %z = affine.for %i = 4 to 4 iter_args(%a = %c1) -> (i32) {
    %x = arith.addi %a, %a : i32
    affine.yield %x : i32
  }
  return %r#0, %r#1, %z : i32, index, i32
}

// Bounds through SSA values (even constant ones) or min/max maps say
// nothing about the trip count: both edges stay.
// CHECK-LABEL: func.func @affine_unknown_trip(
// CHECK: %0 = affine.for
// CHECK: %1 = affine.for
// CHECK: return %0, %1 : i32, i32
func.func @affine_unknown_trip(%n: index) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %one = arith.constant 1 : index
  %r = affine.for %i = 0 to %one iter_args(%a = %c1) -> (i32) {
    %x = arith.addi %a, %a : i32
    affine.yield %x : i32
  }
  %s = affine.for %i = max affine_map<()[s0] -> (0, s0)>()[%n] to 1 iter_args(%a = %c1) -> (i32) {
    %x = arith.addi %a, %a : i32
    affine.yield %x : i32
  }
  return %r, %s : i32, i32
}

// A store keeps the affine.for; the stored and yielded value is constant.
// CHECK-LABEL: func.func @affine_effects(
// CHECK: affine.store %c7_i32, %arg0[%arg1] : memref<4xi32>
// CHECK: return %c7_i32 : i32
func.func @affine_effects(%m: memref<4xi32>) -> i32 {
  %c7 = arith.constant 7 : i32
  %r = affine.for %i = 0 to 4 iter_args(%a = %c7) -> (i32) {
    affine.store %a, %m[%i] : memref<4xi32>
    affine.yield %a : i32
  }
  return %r : i32
}

// Nested: the inner loop runs once, so its result is what one iteration
// makes of the outer carried value, which is then 6 on every edge.
// CHECK-LABEL: func.func @nested(
// CHECK-NOT: affine.for
// CHECK: return %c6_i32 : i32
func.func @nested() -> i32 {
  %c6 = arith.constant 6 : i32
  %c1 = arith.constant 1 : i32
  %r = affine.for %i = 0 to 10 iter_args(%a = %c6) -> (i32) {
    %s = affine.for %j = 0 to 1 iter_args(%b = %a) -> (i32) {
      %x = arith.muli %b, %c1 : i32
      affine.yield %x : i32
    }
    affine.yield %s : i32
  }
  return %r : i32
}

// affine.if: both regions may run whatever the set says; results that
// both give the same constant are constants, and an if without else
// passes nothing.
// CHECK-LABEL: func.func @affine_if(
// CHECK: %0 = affine.if
// CHECK: affine.store %c2_i32, %arg1[] : memref<i32>
// CHECK: return %c1_i32, %0 : i32, i32
func.func @affine_if(%i: index, %m: memref<i32>) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r = affine.if affine_set<(d0) : (d0 - 10 >= 0)>(%i) -> i32 {
    affine.yield %c1 : i32
  } else {
    %x = arith.subi %c2, %c1 : i32
    affine.yield %x : i32
  }
  %q = affine.if affine_set<(d0) : (d0 - 10 >= 0)>(%i) -> i32 {
    affine.yield %c1 : i32
  } else {
    affine.yield %c2 : i32
  }
  affine.if affine_set<(d0) : (d0 - 10 >= 0)>(%i) {
    %y = arith.addi %r, %r : i32
    affine.store %y, %m[] : memref<i32>
  }
  return %r, %q : i32, i32
}

// scf.execute_region: its region runs once.
// CHECK-LABEL: func.func @execute_region(
// CHECK-NEXT: %c6_i32 = arith.constant 6 : i32
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: return %c6_i32 : i32
func.func @execute_region() -> i32 {
  %c3 = arith.constant 3 : i32
  %r = scf.execute_region -> i32 {
    %d = arith.addi %c3, %c3 : i32
    scf.yield %d : i32
  }
  return %r : i32
}
