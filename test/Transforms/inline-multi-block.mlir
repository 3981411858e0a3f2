// RUN: strata-opt %s -split-input-file -allow-unregistered-dialect -inline='default-pipeline=' | FileCheck %s
// RUN: strata-opt %s -split-input-file -allow-unregistered-dialect -inline | FileCheck %s --check-prefix=SIMPLIFY

// Callees of several blocks are inlined as MLIR does: the caller's block
// is split after the call, the callee's blocks go in between, its entry
// block's ops continue the first half and each `return` becomes a `cf.br`
// to the second half, whose arguments replace the call's results.

// CHECK: module {
// CHECK-NEXT: func.func @caller(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: "test.before"() : () -> ()
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb3(%arg1, %arg2 : i32, i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %0 = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT: cf.br ^bb3(%0, %arg1 : i32, i32)
// CHECK-NEXT: ^bb3(%1: i32, %2: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: %3 = arith.muli %1, %2 : i32
// CHECK-NEXT: "test.after"(%3) : (i32) -> ()
// CHECK-NEXT: return %3 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:
// SIMPLIFY: module {
// SIMPLIFY-NEXT: func.func @caller(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// SIMPLIFY-NEXT: "test.before"() : () -> ()
// SIMPLIFY-NEXT: cf.cond_br %arg0, ^bb2(%arg1, %arg2 : i32, i32), ^bb1
// SIMPLIFY-NEXT: ^bb1:  // pred: ^bb0
// SIMPLIFY-NEXT: %0 = arith.addi %arg1, %arg2 : i32
// SIMPLIFY-NEXT: cf.br ^bb2(%0, %arg1 : i32, i32)
// SIMPLIFY-NEXT: ^bb2(%1: i32, %2: i32):  // 2 preds: ^bb0, ^bb1
// SIMPLIFY-NEXT: %3 = arith.muli %1, %2 : i32
// SIMPLIFY-NEXT: "test.after"(%3) : (i32) -> ()
// SIMPLIFY-NEXT: return %3 : i32
// SIMPLIFY-NEXT: }
// SIMPLIFY-NEXT: }
// SIMPLIFY-EMPTY:

func.func private @multi_return(%c: i1, %a: i32, %b: i32) -> (i32, i32) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a, %b : i32, i32
^bb2:
  %s = arith.addi %a, %b : i32
  return %s, %a : i32, i32
}
func.func @caller(%c: i1, %a: i32, %b: i32) -> i32 {
  "test.before"() : () -> ()
  %0:2 = func.call @multi_return(%c, %a, %b) : (i1, i32, i32) -> (i32, i32)
  %1 = arith.muli %0#0, %0#1 : i32
  "test.after"(%1) : (i32) -> ()
  return %1 : i32
}

// -----
// CHECK: module {
// CHECK-NEXT: func.func @loop(%arg0: i32) -> i32 {
// CHECK-NEXT: cf.br ^bb1(%arg0 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %1 = arith.cmpi eq, %0, %c0_i32 : i32
// CHECK-NEXT: cf.cond_br %1, ^bb2, ^bb1(%c0_i32 : i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @two_calls(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb5
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb2(%arg1 : i32)
// CHECK-NEXT: ^bb2(%0: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %1 = arith.cmpi eq, %0, %c0_i32 : i32
// CHECK-NEXT: cf.cond_br %1, ^bb3, ^bb2(%c0_i32 : i32)
// CHECK-NEXT: ^bb3:  // pred: ^bb2
// CHECK-NEXT: cf.br ^bb4(%0 : i32)
// CHECK-NEXT: ^bb4(%2: i32):  // pred: ^bb3
// CHECK-NEXT: cf.br ^bb9(%2 : i32)
// CHECK-NEXT: ^bb5:  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb6(%arg1 : i32)
// CHECK-NEXT: ^bb6(%3: i32):  // 2 preds: ^bb5, ^bb6
// CHECK-NEXT: %c0_i32_0 = arith.constant 0 : i32
// CHECK-NEXT: %4 = arith.cmpi eq, %3, %c0_i32_0 : i32
// CHECK-NEXT: cf.cond_br %4, ^bb7, ^bb6(%c0_i32_0 : i32)
// CHECK-NEXT: ^bb7:  // pred: ^bb6
// CHECK-NEXT: cf.br ^bb8(%3 : i32)
// CHECK-NEXT: ^bb8(%5: i32):  // pred: ^bb7
// CHECK-NEXT: cf.br ^bb9(%5 : i32)
// CHECK-NEXT: ^bb9(%6: i32):  // 2 preds: ^bb4, ^bb8
// CHECK-NEXT: return %6 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:
// SIMPLIFY: module {
// SIMPLIFY-NEXT: func.func @loop(%arg0: i32) -> i32 {
// SIMPLIFY-NEXT: %c0_i32 = arith.constant 0 : i32
// SIMPLIFY-NEXT: cf.br ^bb1(%arg0 : i32)
// SIMPLIFY-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb1
// SIMPLIFY-NEXT: %1 = arith.cmpi eq, %0, %c0_i32 : i32
// SIMPLIFY-NEXT: cf.cond_br %1, ^bb2, ^bb1(%c0_i32 : i32)
// SIMPLIFY-NEXT: ^bb2:  // pred: ^bb1
// SIMPLIFY-NEXT: return %0 : i32
// SIMPLIFY-NEXT: }
// SIMPLIFY-NEXT: func.func @two_calls(%arg0: i1, %arg1: i32) -> i32 {
// SIMPLIFY-NEXT: %c0_i32 = arith.constant 0 : i32
// SIMPLIFY-NEXT: cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg1 : i32)
// SIMPLIFY-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb1
// SIMPLIFY-NEXT: %1 = arith.cmpi eq, %0, %c0_i32 : i32
// SIMPLIFY-NEXT: cf.cond_br %1, ^bb3(%0 : i32), ^bb1(%c0_i32 : i32)
// SIMPLIFY-NEXT: ^bb2(%2: i32):  // 2 preds: ^bb0, ^bb2
// SIMPLIFY-NEXT: %3 = arith.cmpi eq, %2, %c0_i32 : i32
// SIMPLIFY-NEXT: cf.cond_br %3, ^bb3(%2 : i32), ^bb2(%c0_i32 : i32)
// SIMPLIFY-NEXT: ^bb3(%4: i32):  // 2 preds: ^bb1, ^bb2
// SIMPLIFY-NEXT: return %4 : i32
// SIMPLIFY-NEXT: }
// SIMPLIFY-NEXT: }
// SIMPLIFY-EMPTY:

// The call sits in a block of a multi-block caller: the inlined blocks go
// right after it, before the caller's later blocks.
func.func @loop(%n: i32) -> i32 {
  cf.br ^bb1(%n : i32)
^bb1(%i: i32):
  %z = arith.constant 0 : i32
  %done = arith.cmpi eq, %i, %z : i32
  cf.cond_br %done, ^bb2, ^bb1(%z : i32)
^bb2:
  return %i : i32
}
func.func @two_calls(%c: i1, %n: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = func.call @loop(%n) : (i32) -> i32
  cf.br ^bb3(%0 : i32)
^bb2:
  %1 = func.call @loop(%n) : (i32) -> i32
  cf.br ^bb3(%1 : i32)
^bb3(%r: i32):
  return %r : i32
}

// -----
// CHECK: module {
// CHECK-NEXT: func.func @two_blocks(%arg0: i32) {
// CHECK-NEXT: cf.br ^bb1(%arg0 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: "test.foo"(%0) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @in_single_block_region(%arg0: i32, %arg1: i1) {
// CHECK-NEXT: scf.while : () -> () {
// CHECK-NEXT: func.call @two_blocks(%arg0) : (i32) -> ()
// CHECK-NEXT: scf.condition(%arg1)
// CHECK-NEXT: } do {
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:
// SIMPLIFY: module {
// SIMPLIFY-NEXT: func.func @two_blocks(%arg0: i32) {
// SIMPLIFY-NEXT: "test.foo"(%arg0) : (i32) -> ()
// SIMPLIFY-NEXT: return
// SIMPLIFY-NEXT: }
// SIMPLIFY-NEXT: func.func @in_single_block_region(%arg0: i32, %arg1: i1) {
// SIMPLIFY-NEXT: scf.while : () -> () {
// SIMPLIFY-NEXT: "test.foo"(%arg0) : (i32) -> ()
// SIMPLIFY-NEXT: scf.condition(%arg1)
// SIMPLIFY-NEXT: } do {
// SIMPLIFY-NEXT: scf.yield
// SIMPLIFY-NEXT: }
// SIMPLIFY-NEXT: return
// SIMPLIFY-NEXT: }
// SIMPLIFY-NEXT: }
// SIMPLIFY-EMPTY:

// A region that must keep a single block (scf.while's) does not receive
// a callee of several blocks; the canonicalizer merges this callee's
// blocks first, and then it is inlined.
func.func @two_blocks(%arg0 : i32) {
  cf.br ^bb1(%arg0 : i32)
^bb1(%x : i32):
  "test.foo"(%x) : (i32) -> ()
  return
}
func.func @in_single_block_region(%arg0 : i32, %c : i1) {
  scf.while : () -> () {
    func.call @two_blocks(%arg0) : (i32) -> ()
    scf.condition(%c)
  } do {
    scf.yield
  }
  return
}

// -----
// CHECK: module {
// CHECK-NEXT: func.func private @branchy(%arg0: i1) -> i32 {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: return %c1_i32 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: return %c2_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @in_unknown_op(%arg0: i1) {
// CHECK-NEXT: "test.region"() ({
// CHECK-NEXT: %0 = func.call @branchy(%arg0) : (i1) -> i32
// CHECK-NEXT: "test.use"(%0) : (i32) -> ()
// CHECK-NEXT: "test.end"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:
// SIMPLIFY: module {
// SIMPLIFY-NEXT: func.func private @branchy(%arg0: i1) -> i32 {
// SIMPLIFY-NEXT: %c2_i32 = arith.constant 2 : i32
// SIMPLIFY-NEXT: %c1_i32 = arith.constant 1 : i32
// SIMPLIFY-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// SIMPLIFY-NEXT: ^bb1:  // pred: ^bb0
// SIMPLIFY-NEXT: return %c1_i32 : i32
// SIMPLIFY-NEXT: ^bb2:  // pred: ^bb0
// SIMPLIFY-NEXT: return %c2_i32 : i32
// SIMPLIFY-NEXT: }
// SIMPLIFY-NEXT: func.func @in_unknown_op(%arg0: i1) {
// SIMPLIFY-NEXT: "test.region"() ({
// SIMPLIFY-NEXT: %0 = func.call @branchy(%arg0) : (i1) -> i32
// SIMPLIFY-NEXT: "test.use"(%0) : (i32) -> ()
// SIMPLIFY-NEXT: "test.end"() : () -> ()
// SIMPLIFY-NEXT: }) : () -> ()
// SIMPLIFY-NEXT: return
// SIMPLIFY-NEXT: }
// SIMPLIFY-NEXT: }
// SIMPLIFY-EMPTY:

// An unregistered parent op may be single-block: no multi-block inlining.
func.func private @branchy(%c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = arith.constant 1 : i32
  return %a : i32
^bb2:
  %b = arith.constant 2 : i32
  return %b : i32
}
func.func @in_unknown_op(%c: i1) {
  "test.region"() ({
    %0 = func.call @branchy(%c) : (i1) -> i32
    "test.use"(%0) : (i32) -> ()
    "test.end"() : () -> ()
  }) : () -> ()
  return
}
