// RUN: strata-opt --allow-unregistered-dialect --mlir-print-op-generic --pass-pipeline="builtin.module(convert-scf-to-cf)" %s | FileCheck %s

// CHECK: "builtin.module"() ({
// CHECK-NEXT: "func.func"() <{function_type = (memref<10xf32>, index, index, index, f32, i1) -> f32, sym_name = "f"}> ({
// CHECK-NEXT: ^bb0(%arg0: memref<10xf32>, %arg1: index, %arg2: index, %arg3: index, %arg4: f32, %arg5: i1):
// CHECK-NEXT: "cf.br"(%arg1, %arg4)[^bb1] : (index, f32) -> ()
// CHECK-NEXT: ^bb1(%0: index, %1: f32):  // 2 preds: ^bb0, ^bb6
// CHECK-NEXT: %2 = "arith.cmpi"(%0, %arg2) <{predicate = 2 : i64}> : (index, index) -> i1
// CHECK-NEXT: "cf.cond_br"(%2)[^bb2, ^bb7] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %3 = "memref.load"(%arg0, %0) : (memref<10xf32>, index) -> f32
// CHECK-NEXT: "cf.cond_br"(%arg5)[^bb3, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
// CHECK-NEXT: ^bb3:  // pred: ^bb2
// CHECK-NEXT: "cf.br"(%3)[^bb5] : (f32) -> ()
// CHECK-NEXT: ^bb4:  // pred: ^bb2
// CHECK-NEXT: "cf.br"(%1)[^bb5] : (f32) -> ()
// CHECK-NEXT: ^bb5(%4: f32):  // 2 preds: ^bb3, ^bb4
// CHECK-NEXT: "cf.br"()[^bb6] : () -> ()
// CHECK-NEXT: ^bb6:  // pred: ^bb5
// CHECK-NEXT: %5 = "arith.addi"(%0, %arg3){{.*}} : (index, index) -> index
// CHECK-NEXT: "cf.br"(%5, %4)[^bb1] : (index, f32) -> ()
// CHECK-NEXT: ^bb7:  // pred: ^bb1
// CHECK-NEXT: "cf.cond_br"(%arg5)[^bb8, ^bb9] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
// CHECK-NEXT: ^bb8:  // pred: ^bb7
// CHECK-NEXT: "memref.store"(%arg4, %arg0, %arg1) : (f32, memref<10xf32>, index) -> ()
// CHECK-NEXT: "cf.br"()[^bb9] : () -> ()
// CHECK-NEXT: ^bb9:  // 2 preds: ^bb7, ^bb8
// CHECK-NEXT: "cf.br"(%arg1)[^bb10] : (index) -> ()
// CHECK-NEXT: ^bb10(%6: index):  // 2 preds: ^bb9, ^bb11
// CHECK-NEXT: %7 = "arith.cmpi"(%6, %arg2) <{predicate = 2 : i64}> : (index, index) -> i1
// CHECK-NEXT: "cf.cond_br"(%7, %6)[^bb11, ^bb12] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, index) -> ()
// CHECK-NEXT: ^bb11(%8: index):  // pred: ^bb10
// CHECK-NEXT: %9 = "arith.addi"(%8, %arg3){{.*}} : (index, index) -> index
// CHECK-NEXT: "cf.br"(%9)[^bb10] : (index) -> ()
// CHECK-NEXT: ^bb12:  // pred: ^bb10
// CHECK-NEXT: "cf.br"()[^bb13] : () -> ()
// CHECK-NEXT: ^bb13:  // pred: ^bb12
// CHECK-NEXT: "cf.br"(%1)[^bb14] : (f32) -> ()
// CHECK-NEXT: ^bb14(%10: f32):  // pred: ^bb13
// CHECK-NEXT: "func.return"(%10) : (f32) -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-EMPTY:

// for, if (with and without results), while and execute_region become the
// block layout mlir-opt produces (checked in generic form).

func.func @f(%A: memref<10xf32>, %lb: index, %ub: index, %s: index, %v: f32, %c: i1) -> f32 {
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %v) -> (f32) {
    %x = memref.load %A[%i] : memref<10xf32>
    %y = scf.if %c -> (f32) {
      scf.yield %x : f32
    } else {
      scf.yield %acc : f32
    }
    scf.yield %y : f32
  }
  scf.if %c {
    memref.store %v, %A[%lb] : memref<10xf32>
  }
  %w = scf.while (%a = %lb) : (index) -> index {
    %cond = arith.cmpi slt, %a, %ub : index
    scf.condition(%cond) %a : index
  } do {
  ^bb0(%b: index):
    %n = arith.addi %b, %s : index
    scf.yield %n : index
  }
  %e = scf.execute_region -> f32 {
    scf.yield %r : f32
  }
  return %e : f32
}
