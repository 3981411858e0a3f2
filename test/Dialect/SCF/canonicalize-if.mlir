// scf.if canonicalizations of MLIR 22: ConditionPropagation (uses of the
// condition inside the branches read true/false) and
// ConvertTrivialIfToSelect on an scf.if that also computes results
// (the yields from outside become arith.select, the if keeps the rest).
// RUN: strata-opt --canonicalize %s | FileCheck %s
// RUN: strata-opt --canonicalize %s --verify-equivalence --equivalence-trials=8
// REQUIRES: mlir-opt
// RUN: mlir-opt --canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @propagate(%arg0: i1, %arg1: memref<2xi1>) {
// CHECK-DAG:     %[[F:.*]] = arith.constant false
// CHECK-DAG:     %[[T:.*]] = arith.constant true
// CHECK:         scf.if %arg0 {
// CHECK-NEXT:      memref.store %[[T]], %arg1[%c0] : memref<2xi1>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      memref.store %[[F]], %arg1[%c1] : memref<2xi1>
// CHECK-NEXT:    }
func.func @propagate(%c: i1, %m: memref<2xi1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.if %c {
    memref.store %c, %m[%c0] : memref<2xi1>
  } else {
    memref.store %c, %m[%c1] : memref<2xi1>
  }
  return
}

// CHECK-LABEL: func.func @partial_select(%arg0: i1, %arg1: f32, %arg2: f32) -> (f32, f32, f32) {
// CHECK-NEXT:    %[[S:.*]] = arith.select %arg0, %arg1, %arg2 : f32
// CHECK-NEXT:    %[[R:.*]] = scf.if %arg0 -> (f32) {
// CHECK-NEXT:      %[[A:.*]] = arith.addf %arg1, %arg2 : f32
// CHECK-NEXT:      scf.yield %[[A]] : f32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %arg1 : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[S]], %[[R]], %arg2 : f32, f32, f32
func.func @partial_select(%c: i1, %x: f32, %y: f32) -> (f32, f32, f32) {
  %0, %1, %2 = scf.if %c -> (f32, f32, f32) {
    %a = arith.addf %x, %y : f32
    scf.yield %x, %a, %y : f32, f32, f32
  } else {
    scf.yield %y, %x, %y : f32, f32, f32
  }
  return %0, %1, %2 : f32, f32, f32
}
