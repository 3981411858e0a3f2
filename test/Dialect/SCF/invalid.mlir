// RUN: strata-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

func.func @a(%lb: index, %ub: index, %i: i32) {
  // expected-error @+1 {{'scf.for' op expected induction variable to be same type as bounds and step}}
  "scf.for"(%lb, %ub, %lb) ({
  ^bb0(%iv: i32):
    scf.yield
  }) : (index, index, index) -> ()
  return
}
// -----
func.func @b(%lb: index, %f: f32) {
  // expected-error @+1 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = "scf.for"(%lb, %lb, %lb, %f) ({
  ^bb0(%iv: index, %a: f32):
    scf.yield
  }) : (index, index, index, f32) -> (f32)
  return
}
// -----
func.func @c(%lb: index, %f: f32) {
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'f32' != 'i32'}}
  %r = "scf.for"(%lb, %lb, %lb, %f) ({
  ^bb0(%iv: index, %a: f32):
    scf.yield %a : f32
  }) : (index, index, index, f32) -> (i32)
  return
}
// -----
func.func @d(%c: i1, %f: f32) {
  // expected-error @+1 {{'scf.if' op must have an else block if defining values}}
  %r = "scf.if"(%c) ({
    scf.yield %f : f32
  }, {}) : (i1) -> (f32)
  return
}
// -----
func.func @e(%c: i1, %f: f32) {
  // expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = scf.if %c -> f32 {
    scf.yield %f : f32
  } else {
    scf.yield
  }
  return
}
// -----
func.func @f(%f: f32) {
  // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield %f : f32
}
// -----
func.func @g(%c: i1) {
  // expected-error @+1 {{'scf.condition' op expects parent op 'scf.while'}}
  scf.condition(%c)
}
// -----
func.func @h(%c: i1, %f: f32) {
  // expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %r = scf.if %c -> i32 {
    scf.yield %f : f32
  } else {
    scf.yield %f : f32
  }
  return
}
// -----
func.func @i(%c: i1) {
  // expected-error @+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  scf.while : () -> () {
    // expected-note @+1 {{terminator here}}
    scf.yield
  } do {
    scf.yield
  }
  return
}
// -----
func.func @j(%lb: index) {
  // expected-error @+1 {{'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step}}
  "scf.parallel"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
    scf.reduce
  }) : () -> ()
  return
}
// -----
func.func @l(%lb: index, %f: f32) {
  // expected-error @+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%f) -> f32 {
    scf.reduce
  }
  return
}
// -----
func.func @m(%lb: index, %f: f32) {
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%f) -> f32 {
    // expected-error @+1 {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%f : f32) {
    ^bb0(%x: f32):
      scf.reduce.return %x : f32
    }
  }
  return
}
// -----
func.func @n(%lb: index, %f: f32) {
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%f) -> f32 {
    scf.reduce(%f : f32) {
    ^bb0(%x: f32, %y: f32):
      %z = "test.c"() : () -> i32
      // expected-error @+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %z : i32
    }
  }
  return
}
// -----
func.func @o(%c: i1, %f: f32) {
  // expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %r = scf.while (%a = %f) : (f32) -> i32 {
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%b: i32):
    scf.yield %f : f32
  }
  return
}
// -----
func.func @p(%lb: index, %ub: index, %f: f32) {
  // expected-error @+1 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = scf.for %i = %lb to %ub step %lb iter_args(%a = %f) -> (f32) {
    scf.yield
  }
  return
}
// -----
func.func @q() {
  // expected-error @+1 {{'scf.execute_region' op along control flow edge from Operation scf.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = scf.execute_region -> i32 {
    scf.yield
  }
  return
}
// -----
func.func @r() {
  // expected-error @+1 {{'scf.reduce' op expects parent op 'scf.parallel'}}
  scf.reduce
}
// -----
func.func @c(%lb: index, %f: f32) {
  // expected-error @+1 {{'scf.for' op 0-th init and 0-th region iter_arg have different type: 'f32' != 'i32'}}
  %r = "scf.for"(%lb, %lb, %lb, %f) ({
  ^bb0(%iv: index, %a: i32):
    scf.yield %a : i32
  }) : (index, index, index, f32) -> (i32)
  return
}
// -----
func.func @c(%lb: index, %f: f32) {
  // expected-error @+1 {{'scf.for' op different number of inits and region iter_args: 1 != 0}}
  %r = "scf.for"(%lb, %lb, %lb, %f) ({
  ^bb0(%iv: index):
    scf.yield %f : f32
  }) : (index, index, index, f32) -> (f32)
  return
}
// -----
func.func @c(%lb: index, %f: f32) {
  // expected-error @+1 {{'scf.for' op mismatch in number of loop-carried values and defined values}}
  %r = "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%iv: index):
    scf.yield %f : f32
  }) : (index, index, index) -> (f32)
  return
}
