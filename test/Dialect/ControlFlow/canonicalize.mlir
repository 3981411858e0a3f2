// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(canonicalize))' --split-input-file | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(canonicalize))' --split-input-file --verify-equivalence --equivalence-trials=8
// cf's canonicalization patterns and the driver's region DCE; CHECK lines
// are mlir-opt 22's output for the same input.
// CHECK-LABEL: func.func @br_merges_single_predecessor
// CHECK-SAME: (%arg0: i32) -> i32 {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @br_merges_single_predecessor(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  %y = arith.addi %x, %c1 : i32
  return %y : i32
}

// -----
// CHECK-LABEL: func.func @br_skips_pass_through_blocks
// CHECK-SAME: (%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg1, %arg2 : i32, i32), ^bb2(%arg2 : i32)
// CHECK-NEXT: ^bb1(%0: i32, %1: i32):  // pred: ^bb0
// CHECK-NEXT: %2 = arith.subi %0, %1 : i32
// CHECK-NEXT: cf.br ^bb2(%2 : i32)
// CHECK-NEXT: ^bb2(%3: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: return %3 : i32
// CHECK-NEXT: }
func.func @br_skips_pass_through_blocks(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb3(%b : i32)
^bb1(%x: i32):
  cf.br ^bb2(%x, %b : i32, i32)
^bb2(%p: i32, %q: i32):
  %s = arith.subi %p, %q : i32
  cf.br ^bb3(%s : i32)
^bb3(%r: i32):
  return %r : i32
}

// -----
// CHECK-LABEL: func.func @cond_br_constant_condition
// CHECK-SAME: (%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: %0 = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @cond_br_constant_condition(%a: i32, %b: i32) -> i32 {
  %true = arith.constant true
  %false = arith.constant false
  cf.cond_br %true, ^bb1, ^bb2(%b : i32)
^bb1:
  cf.cond_br %false, ^bb2(%a : i32), ^bb3
^bb2(%x: i32):
  return %x : i32
^bb3:
  %m = arith.muli %a, %b : i32
  return %m : i32
}

// -----
// CHECK-LABEL: func.func @cond_br_same_successor_selects
// CHECK-SAME: (%arg0: i1, %arg1: i32, %arg2: i32) -> (i32, i32) {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: return %0, %arg2 : i32, i32
// CHECK-NEXT: }
func.func @cond_br_same_successor_selects(%c: i1, %a: i32, %b: i32) -> (i32, i32) {
  cf.cond_br %c, ^bb1(%a, %b : i32, i32), ^bb1(%b, %b : i32, i32)
^bb1(%x: i32, %y: i32):
  return %x, %y : i32, i32
}

// -----
// CHECK-LABEL: func.func @cond_br_same_successor_same_operands
// CHECK-SAME: (%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @cond_br_same_successor_same_operands(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2
^bb2:
  cf.cond_br %c, ^bb1(%b : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  return %x : i32
}

// -----
// CHECK-LABEL: func.func @cond_br_on_condition_already_tested
// CHECK-SAME: (%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2(%arg2 : i32)
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %0 = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT: %1 = arith.muli %0, %0 : i32
// CHECK-NEXT: cf.br ^bb2(%1 : i32)
// CHECK-NEXT: ^bb2(%2: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
func.func @cond_br_on_condition_already_tested(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb3(%b : i32)
^bb1:
  %s = arith.addi %a, %b : i32
  cf.cond_br %c, ^bb2(%s : i32), ^bb3(%a : i32)
^bb2(%x: i32):
  %d = arith.muli %x, %x : i32
  cf.br ^bb3(%d : i32)
^bb3(%r: i32):
  return %r : i32
}

// -----
// CHECK-LABEL: func.func @cond_br_truth_propagation
// CHECK-SAME: (%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: cf.cond_br %arg0, ^bb2(%arg1 : i32), ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %0 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT: cf.br ^bb2(%0 : i32)
// CHECK-NEXT: ^bb2(%1: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
func.func @cond_br_truth_propagation(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = arith.select %c, %a, %b : i32
  cf.br ^bb3(%0 : i32)
^bb2:
  %1 = arith.select %c, %b, %a : i32
  %2 = arith.addi %1, %1 : i32
  cf.br ^bb3(%2 : i32)
^bb3(%r: i32):
  return %r : i32
}

// -----
// CHECK-LABEL: func.func @switch_constant_flag
// CHECK-SAME: (%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: %0 = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @switch_constant_flag(%a: i32, %b: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  cf.switch %c2 : i32, [
    default: ^bb1(%a : i32),
    1: ^bb1(%b : i32),
    2: ^bb2
  ]
^bb1(%x: i32):
  return %x : i32
^bb2:
  %s = arith.subi %a, %b : i32
  return %s : i32
}

// -----
// CHECK-LABEL: func.func @switch_default_only_and_default_cases
// CHECK-SAME: (%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb1(%arg1 : i32),
// CHECK-NEXT: 7: ^bb1(%arg2 : i32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @switch_default_only_and_default_cases(%f: i32, %a: i32, %b: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    5: ^bb1(%a : i32),
    7: ^bb2,
    9: ^bb1(%a : i32)
  ]
^bb1(%x: i32):
  return %x : i32
^bb2:
  cf.switch %f : i32, [
    default: ^bb1(%b : i32)
  ]
}

// -----
// CHECK-LABEL: func.func @switch_pass_through
// CHECK-SAME: (%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb2(%arg1 : i32),
// CHECK-NEXT: 1: ^bb2(%arg2 : i32),
// CHECK-NEXT: 2: ^bb1
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %0 = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT: cf.br ^bb2(%0 : i32)
// CHECK-NEXT: ^bb2(%1: i32):  // 3 preds: ^bb0, ^bb0, ^bb1
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
func.func @switch_pass_through(%f: i32, %a: i32, %b: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    1: ^bb2(%b : i32),
    2: ^bb3
  ]
^bb1(%x: i32):
  cf.br ^bb4(%x : i32)
^bb2(%y: i32):
  cf.br ^bb4(%y : i32)
^bb3:
  %s = arith.addi %a, %b : i32
  cf.br ^bb4(%s : i32)
^bb4(%r: i32):
  return %r : i32
}

// -----
// CHECK-LABEL: func.func @switch_on_flag_already_switched
// CHECK-SAME: (%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb1,
// CHECK-NEXT: 3: ^bb2,
// CHECK-NEXT: 4: ^bb4(%arg1 : i32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb4(%arg2 : i32),
// CHECK-NEXT: 6: ^bb3
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %0 = arith.muli %arg1, %arg2 : i32
// CHECK-NEXT: cf.br ^bb4(%0 : i32)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: %1 = arith.subi %arg1, %arg2 : i32
// CHECK-NEXT: cf.br ^bb4(%1 : i32)
// CHECK-NEXT: ^bb4(%2: i32):  // 4 preds: ^bb0, ^bb1, ^bb2, ^bb3
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
func.func @switch_on_flag_already_switched(%f: i32, %a: i32, %b: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1,
    3: ^bb2,
    4: ^bb5(%a : i32)
  ]
^bb1:
  cf.switch %f : i32, [
    default: ^bb5(%b : i32),
    3: ^bb3,
    4: ^bb3,
    6: ^bb4
  ]
^bb2:
  cf.switch %f : i32, [
    default: ^bb4,
    3: ^bb3
  ]
^bb3:
  %m = arith.muli %a, %b : i32
  cf.br ^bb5(%m : i32)
^bb4:
  %s = arith.subi %a, %b : i32
  cf.br ^bb5(%s : i32)
^bb5(%r: i32):
  return %r : i32
}

// -----
// CHECK-LABEL: func.func @dead_loop_carried_value
// CHECK-SAME: (%arg0: i8, %arg1: i32) -> i32 {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = arith.index_cast %arg0 : i8 to index
// CHECK-NEXT: cf.br ^bb1(%c0, %arg1 : index, i32)
// CHECK-NEXT: ^bb1(%1: index, %2: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: %3 = arith.cmpi slt, %1, %0 : index
// CHECK-NEXT: cf.cond_br %3, ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %4 = arith.addi %1, %c1 : index
// CHECK-NEXT: %5 = arith.addi %2, %c1_i32 : i32
// CHECK-NEXT: cf.br ^bb1(%4, %5 : index, i32)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
func.func @dead_loop_carried_value(%n8: i8, %a: i32) -> i32 {
  %n = arith.index_cast %n8 : i8 to index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1_i32 = arith.constant 1 : i32
  cf.br ^bb1(%c0, %a, %a : index, i32, i32)
^bb1(%i: index, %acc: i32, %unused: i32):
  %cond = arith.cmpi slt, %i, %n : index
  cf.cond_br %cond, ^bb2, ^bb3
^bb2:
  %next = arith.addi %i, %c1 : index
  %acc2 = arith.addi %acc, %c1_i32 : i32
  %dead = arith.muli %unused, %unused : i32
  cf.br ^bb1(%next, %acc2, %dead : index, i32, i32)
^bb3:
  return %acc : i32
}

// -----
// CHECK-LABEL: func.func @assert_true
// CHECK-SAME: (%arg0: i32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
func.func @assert_true(%a: i32) -> i32 {
  %true = arith.constant true
  cf.assert %true, "never fires"
  return %a : i32
}
