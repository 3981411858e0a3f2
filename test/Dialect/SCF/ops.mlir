// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt --allow-unregistered-dialect %s | %mlir-accepts

// CHECK: module {
// CHECK-NEXT: func.func @ops(%arg0: index, %arg1: index, %arg2: index, %arg3: i1, %arg4: f32, %arg5: i32) -> f32 {
// CHECK-NEXT: scf.for %arg6 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT: "test.use"(%arg6) : (index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: %0 = scf.for %arg6 = %arg0 to %arg1 step %arg2 iter_args(%arg7 = %arg4) -> (f32) {
// CHECK-NEXT: scf.yield %arg7 : f32
// CHECK-NEXT: }
// CHECK-NEXT: %1:2 = scf.for %arg6 = %arg0 to %arg1 step %arg2 iter_args(%arg7 = %arg4, %arg8 = %arg4) -> (f32, f32) {
// CHECK-NEXT: scf.yield %arg7, %arg8 : f32, f32
// CHECK-NEXT: } {foo}
// CHECK-NEXT: scf.for unsigned %arg6 = %arg5 to %arg5 step %arg5  : i32 {
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %arg3 {
// CHECK-NEXT: "test.x"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %arg3 {
// CHECK-NEXT: } else {
// CHECK-NEXT: "test.x"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: %2 = scf.if %arg3 -> (f32) {
// CHECK-NEXT: scf.yield %arg4 : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg4 : f32
// CHECK-NEXT: } {bar}
// CHECK-NEXT: %3 = scf.while (%arg6 = %arg4) : (f32) -> f32 {
// CHECK-NEXT: scf.condition(%arg3) %arg6 : f32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg6: f32):
// CHECK-NEXT: scf.yield %arg6 : f32
// CHECK-NEXT: }
// CHECK-NEXT: scf.while : () -> () {
// CHECK-NEXT: scf.condition(%arg3)
// CHECK-NEXT: } do {
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: %4 = scf.parallel (%arg6, %arg7) = (%arg0, %arg0) to (%arg1, %arg1) step (%arg2, %arg2) init (%arg4) -> f32 {
// CHECK-NEXT: scf.reduce(%arg4 : f32) {
// CHECK-NEXT: ^bb0(%arg8: f32, %arg9: f32):
// CHECK-NEXT: scf.reduce.return %arg8 : f32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: scf.parallel (%arg6) = (%arg0) to (%arg1) step (%arg2) {
// CHECK-NEXT: "test.use"(%arg6) : (index) -> ()
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: %5 = scf.execute_region -> f32 {
// CHECK-NEXT: scf.yield %arg4 : f32
// CHECK-NEXT: }
// CHECK-NEXT: %6 = scf.execute_region -> f32 no_inline {
// CHECK-NEXT: scf.yield %arg4 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @nested(%arg0: index, %arg1: f32) -> f32 {
// CHECK-NEXT: %0 = scf.for %arg2 = %arg0 to %arg0 step %arg0 iter_args(%arg3 = %arg1) -> (f32) {
// CHECK-NEXT: %1 = scf.for %arg4 = %arg2 to %arg0 step %arg0 iter_args(%arg5 = %arg3) -> (f32) {
// CHECK-NEXT: %2 = "test.cond"() : () -> i1
// CHECK-NEXT: %3 = scf.if %2 -> (f32) {
// CHECK-NEXT: scf.yield %arg5 : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg3 : f32
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %3 : f32
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %1 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @while_two(%arg0: i32, %arg1: f32) -> (i32, f32) {
// CHECK-NEXT: %0:2 = scf.while (%arg2 = %arg0, %arg3 = %arg1) : (i32, f32) -> (i32, f32) {
// CHECK-NEXT: %1 = "test.cond"(%arg2) : (i32) -> i1
// CHECK-NEXT: scf.condition(%1) %arg2, %arg3 : i32, f32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32, %arg3: f32):
// CHECK-NEXT: scf.yield %arg2, %arg3 : i32, f32
// CHECK-NEXT: } attributes {tag = 1 : i64}
// CHECK-NEXT: return %0#0, %0#1 : i32, f32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @two_reductions(%arg0: index, %arg1: f32, %arg2: i32) {
// CHECK-NEXT: %0:2 = scf.parallel (%arg3) = (%arg0) to (%arg0) step (%arg0) init (%arg1, %arg2) -> (f32, i32) {
// CHECK-NEXT: scf.reduce(%arg1, %arg2 : f32, i32) {
// CHECK-NEXT: ^bb0(%arg4: f32, %arg5: f32):
// CHECK-NEXT: scf.reduce.return %arg4 : f32
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg4: i32, %arg5: i32):
// CHECK-NEXT: scf.reduce.return %arg4 : i32
// CHECK-NEXT: } {a}
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:

// Custom syntax of every scf op, as mlir-opt 22 prints it.

func.func @ops(%lb: index, %ub: index, %s: index, %c: i1, %init: f32, %i32: i32) -> f32 {
  scf.for %i = %lb to %ub step %s {
    "test.use"(%i) : (index) -> ()
  }
  %r = scf.for %i = %lb to %ub step %s iter_args(%a = %init) -> (f32) {
    scf.yield %a : f32
  }
  %r2:2 = scf.for %i = %lb to %ub step %s iter_args(%a = %init, %b = %init) -> (f32, f32) {
    scf.yield %a, %b : f32, f32
  } {foo}
  scf.for unsigned %i = %i32 to %i32 step %i32 : i32 {
  }
  scf.if %c {
    "test.x"() : () -> ()
  }
  scf.if %c {
  } else {
    "test.x"() : () -> ()
  }
  %x = scf.if %c -> (f32) {
    scf.yield %init : f32
  } else {
    scf.yield %init : f32
  } {bar}
  %w = scf.while (%arg1 = %init) : (f32) -> f32 {
    scf.condition(%c) %arg1 : f32
  } do {
  ^bb0(%arg2: f32):
    scf.yield %arg2 : f32
  }
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  %p = scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%s, %s) init (%init) -> f32 {
    scf.reduce(%init : f32) {
    ^bb0(%l: f32, %rr: f32):
      scf.reduce.return %l : f32
    }
  }
  scf.parallel (%i) = (%lb) to (%ub) step (%s) {
    "test.use"(%i) : (index) -> ()
  }
  %e = scf.execute_region -> f32 {
    scf.yield %init : f32
  }
  %e2 = scf.execute_region -> f32 no_inline {
    scf.yield %init : f32
  }
  return %r : f32
}

func.func @nested(%n: index, %v: f32) -> f32 {
  %r = scf.for %i = %n to %n step %n iter_args(%acc = %v) -> (f32) {
    %inner = scf.for %j = %i to %n step %n iter_args(%a = %acc) -> (f32) {
      %c = "test.cond"() : () -> i1
      %s = scf.if %c -> (f32) {
        scf.yield %a : f32
      } else {
        scf.yield %acc : f32
      }
      scf.yield %s : f32
    }
    scf.yield %inner : f32
  }
  return %r : f32
}

func.func @while_two(%a: i32, %b: f32) -> (i32, f32) {
  %r:2 = scf.while (%x = %a, %y = %b) : (i32, f32) -> (i32, f32) {
    %c = "test.cond"(%x) : (i32) -> i1
    scf.condition(%c) %x, %y : i32, f32
  } do {
  ^bb0(%x2: i32, %y2: f32):
    scf.yield %x2, %y2 : i32, f32
  } attributes {tag = 1 : i64}
  return %r#0, %r#1 : i32, f32
}
func.func @two_reductions(%lb: index, %f: f32, %g: i32) {
  %r:2 = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%f, %g) -> (f32, i32) {
    scf.reduce(%f, %g : f32, i32) {
    ^bb0(%x: f32, %y: f32):
      scf.reduce.return %x : f32
    }, {
    ^bb0(%x: i32, %y: i32):
      scf.reduce.return %x : i32
    } {a}
  }
  return
}
