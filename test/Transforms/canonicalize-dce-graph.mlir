// Region DCE in canonicalize, as MLIR 22's runRegionDCE: dead ops that use
// each other in a graph region (a cycle) are erased together, and a
// `test.br` drops the operands of dead successor arguments (its successor
// operands are one erasable range, as in MLIR's test dialect). The output
// is byte-identical to mlir-opt 22's (the diff).
// RUN: strata-opt %s --allow-unregistered-dialect --canonicalize > %t.strata
// RUN: FileCheck %s < %t.strata
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --allow-unregistered-dialect --canonicalize > %t.mlir
// RUN: diff %t.strata %t.mlir

// CHECK-LABEL: func.func @dead_cycle(
// CHECK-NEXT: test.graph_region {
// CHECK-NEXT: %[[E:.*]] = math.exp %arg0 : f32
// CHECK-NEXT: "foo.use"(%[[E]]) : (f32) -> ()
// CHECK-NEXT: }
func.func @dead_cycle(%x: f32) {
  test.graph_region {
    %0 = math.exp %1 : f32
    %1 = arith.addf %0, %x : f32
    %2 = math.exp %x : f32
    "foo.use"(%2) : (f32) -> ()
  }
  return
}

// CHECK-LABEL: func.func @dead_branch_args(
// CHECK-NEXT: "test.br"(%arg1)[^bb1] : (f32) -> ()
// CHECK-NEXT: ^bb1(%[[Y:.*]]: f32):
// CHECK-NEXT: "foo.use"(%[[Y]]) : (f32) -> ()
func.func @dead_branch_args(%a: i32, %b: f32, %c: i64) {
  "test.br"(%a, %b, %c)[^next] : (i32, f32, i64) -> ()
^next(%x: i32, %y: f32, %z: i64):
  "foo.use"(%y) : (f32) -> ()
  return
}

// An op whose only effect is a read of its own result is dead unused.
// CHECK-LABEL: func.func @unused_read_result(
// CHECK-NEXT: %[[K:.*]] = "test.test_effects_result"() : () -> i32
// CHECK-NEXT: return %[[K]] : i32
func.func @unused_read_result() -> i32 {
  %0 = "test.test_effects_result"() : () -> i32
  %1 = "test.test_effects_result"() : () -> i32
  return %1 : i32
}
