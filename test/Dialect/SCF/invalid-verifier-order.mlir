// scf verifier checks that MLIR 22 runs before the nested ops (verify(),
// traits, the loop-like interface) come before errors inside the regions;
// index_switch's verifier; parser errors with the custom-op prefix.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @bounds_type(%a: index, %b: i32) {
  // expected-error @+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%a, %b, %a) ({}) : (index, i32, index) -> ()
  return
}

// -----

func.func @yield_count(%a: index, %x: f32) {
  // expected-error @+1 {{'scf.for' op different number of region iter_args and yielded values: 2 != 1}}
  %r:2 = "scf.for"(%a, %a, %a, %x, %x) ({
  ^bb0(%i: index, %p: f32, %q: f32):
    scf.yield %p : f32
  }) : (index, index, index, f32, f32) -> (f32, f32)
  return
}

// -----

func.func @yield_type(%a: index, %x: f32) {
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f32' != 'i32'}}
  %r = scf.for %i = %a to %a step %a iter_args(%p = %x) -> (f32) {
    %c = arith.constant 1 : i32
    scf.yield %c : i32
  }
  return
}

// -----

func.func @if_regions(%c: i1) {
  // expected-error @+1 {{'scf.if' op expected 2 regions}}
  "scf.if"(%c) ({}, {}, {}) : (i1) -> ()
  return
}

// -----

func.func @if_args(%c: i1) {
  // expected-error @+1 {{'scf.if' op region #1 should have no arguments}}
  "scf.if"(%c) ({
    scf.yield
  }, {
  ^bb0(%x: index):
    scf.yield
  }) : (i1) -> ()
  return
}

// -----

func.func @parallel_iv_type(%a: index) {
  // expected-error @+1 {{'scf.parallel' op expects arguments for the induction variable to be of index type}}
  "scf.parallel"(%a, %a, %a) ({
  ^bb0(%i: i32):
    scf.yield
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}

// -----

func.func @parallel_no_init(%a: index) {
  // expected-error @+1 {{custom op 'scf.parallel' number of operands and types do not match: got 0 operands and 1 types}}
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) -> index {
    scf.reduce(%i : index) {
    ^bb0(%l: index, %r: index):
      scf.reduce.return %l : index
    }
  }
  return
}

// -----

func.func @reduce_types(%a: index, %x: f32) {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) -> f32 {
    // expected-error @+1 {{'scf.reduce' op expects type of 0-th reduction operand: 'index' to be the same as the 0-th result type: 'f32'}}
    scf.reduce(%i : index) {
    ^bb0(%l: index, %r: index):
      scf.reduce.return %l : index
    }
  }
  return
}

// -----

func.func @empty_reduce_block(%a: index, %x: f32) {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) -> f32 {
    // expected-error @+1 {{empty block: expect at least a terminator}}
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
    }
  }
  return
}

// -----

func.func @for_parser(%a: index, %x: f32) {
  // expected-error @+1 {{custom op 'scf.for' mismatch in number of loop-carried values and defined values}}
  %r:2 = scf.for %i = %a to %a step %a iter_args(%p = %x) -> (f32, f32) {
    scf.yield %p, %p : f32, f32
  }
  return
}

// -----

func.func @while_types() {
  %t = arith.constant true
  // expected-error @+1 {{custom op 'scf.while' expected as many input types as operands (expected 0 got 1)}}
  scf.while : (i1) -> () {
    scf.condition(%t)
  } do {
    scf.yield
  }
  return
}

// -----

func.func @while_empty_block() {
  // expected-error @+1 {{'scf.while' op expects a non-empty block}}
  scf.while : () -> () {
  ^bb0:
  } do {
  ^bb0:
  }
  return
}

// -----

func.func @switch_regions(%a: index) {
  // expected-error @+1 {{'scf.index_switch' op has 0 case regions but 2 case values}}
  "scf.index_switch"(%a) ({
    scf.yield
  }) {cases = array<i64: 1, 2>} : (index) -> ()
  return
}

// -----

func.func @switch_duplicate(%a: index) {
  // expected-error @+1 {{'scf.index_switch' op has duplicate case value: 3}}
  scf.index_switch %a
  case 3 {
    scf.yield
  }
  case 3 {
    scf.yield
  }
  default {
    scf.yield
  }
  return
}

// -----

func.func @switch_result_type(%a: index, %b: i32) -> index {
  // expected-error @+1 {{'scf.index_switch' op expected result #0 of each region to be 'index'}}
  %r = scf.index_switch %a -> index
  case 0 {
    // expected-note @+1 {{case region #0 returns 'i32' here}}
    scf.yield %b : i32
  }
  default {
    scf.yield %a : index
  }
  return %r : index
}

// -----

func.func @switch_count(%a: index) {
  // expected-error @+1 {{'scf.index_switch' op expected each region to return 0 values, but default region returns 1}}
  scf.index_switch %a
  default {
    // expected-note @+1 {{see yield operation here}}
    scf.yield %a : index
  }
  return
}
