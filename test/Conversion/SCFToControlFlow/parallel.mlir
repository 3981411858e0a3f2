
// CHECK: module {
// CHECK-NEXT: func.func @sum(%arg0: memref<4x6xf32>, %arg1: f32) -> (f32, i32) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c6 = arith.constant 6 : index
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: cf.br ^bb1(%c0, %arg1, %c0_i32 : index, f32, i32)
// CHECK-NEXT: ^bb1(%0: index, %1: f32, %2: i32):  // 2 preds: ^bb0, ^bb5
// CHECK-NEXT: %3 = arith.cmpi slt, %0, %c4 : index
// CHECK-NEXT: cf.cond_br %3, ^bb2, ^bb6
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: cf.br ^bb3(%c1, %1, %2 : index, f32, i32)
// CHECK-NEXT: ^bb3(%4: index, %5: f32, %6: i32):  // 2 preds: ^bb2, ^bb4
// CHECK-NEXT: %7 = arith.cmpi slt, %4, %c6 : index
// CHECK-NEXT: cf.cond_br %7, ^bb4, ^bb5
// CHECK-NEXT: ^bb4:  // pred: ^bb3
// CHECK-NEXT: %8 = memref.load %arg0[%0, %4] : memref<4x6xf32>
// CHECK-NEXT: %9 = arith.addf %5, %8 : f32
// CHECK-NEXT: %10 = arith.addi %6, %c1_i32 : i32
// CHECK-NEXT: %11 = arith.addi %4, %c2 : index
// CHECK-NEXT: cf.br ^bb3(%11, %9, %10 : index, f32, i32)
// CHECK-NEXT: ^bb5:  // pred: ^bb3
// CHECK-NEXT: %12 = arith.addi %0, %c1 : index
// CHECK-NEXT: cf.br ^bb1(%12, %5, %6 : index, f32, i32)
// CHECK-NEXT: ^bb6:  // pred: ^bb1
// CHECK-NEXT: return %1, %2 : f32, i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @store(%arg0: memref<8xf32>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: cf.br ^bb1(%c0 : index)
// CHECK-NEXT: ^bb1(%0: index):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: %1 = arith.cmpi slt, %0, %c8 : index
// CHECK-NEXT: cf.cond_br %1, ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %2 = memref.load %arg0[%0] : memref<8xf32>
// CHECK-NEXT: %3 = arith.mulf %2, %2 : f32
// CHECK-NEXT: memref.store %3, %arg0[%0] : memref<8xf32>
// CHECK-NEXT: %4 = arith.addi %0, %c1 : index
// CHECK-NEXT: cf.br ^bb1(%4 : index)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @count(%arg0: index) -> (index, i32) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: cf.br ^bb1(%c1, %c0, %c0_i32 : index, index, i32)
// CHECK-NEXT: ^bb1(%0: index, %1: index, %2: i32):  // 2 preds: ^bb0, ^bb9
// CHECK-NEXT: %3 = arith.cmpi slt, %0, %arg0 : index
// CHECK-NEXT: cf.cond_br %3, ^bb2, ^bb10
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: cf.br ^bb3(%c0, %1, %2 : index, index, i32)
// CHECK-NEXT: ^bb3(%4: index, %5: index, %6: i32):  // 2 preds: ^bb2, ^bb8
// CHECK-NEXT: %7 = arith.cmpi slt, %4, %c2 : index
// CHECK-NEXT: cf.cond_br %7, ^bb4, ^bb9
// CHECK-NEXT: ^bb4:  // pred: ^bb3
// CHECK-NEXT: %8 = arith.andi %0, %c1 : index
// CHECK-NEXT: %9 = arith.cmpi eq, %8, %c1 : index
// CHECK-NEXT: cf.cond_br %9, ^bb5, ^bb6
// CHECK-NEXT: ^bb5:  // pred: ^bb4
// CHECK-NEXT: cf.br ^bb7(%c1_i32 : i32)
// CHECK-NEXT: ^bb6:  // pred: ^bb4
// CHECK-NEXT: cf.br ^bb7(%c0_i32 : i32)
// CHECK-NEXT: ^bb7(%10: i32):  // 2 preds: ^bb5, ^bb6
// CHECK-NEXT: cf.br ^bb8
// CHECK-NEXT: ^bb8:  // pred: ^bb7
// CHECK-NEXT: %11 = arith.addi %5, %0 : index
// CHECK-NEXT: %12 = arith.addi %6, %10 : i32
// CHECK-NEXT: %13 = arith.addi %4, %c2 : index
// CHECK-NEXT: cf.br ^bb3(%13, %11, %12 : index, index, i32)
// CHECK-NEXT: ^bb9:  // pred: ^bb3
// CHECK-NEXT: %14 = arith.addi %0, %c1 : index
// CHECK-NEXT: cf.br ^bb1(%14, %5, %6 : index, index, i32)
// CHECK-NEXT: ^bb10:  // pred: ^bb1
// CHECK-NEXT: return %1, %2 : index, i32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:

// convert-scf-to-cf lowers scf.parallel through an scf.for nest that carries
// the reductions as iter_args (MLIR's ParallelLowering), then to blocks:
// output as mlir-opt 22's, and the interpreter computes the same before and
// after (scf.parallel with scf.reduce regions runs in the interpreter).
// RUN: strata-opt %s --convert-scf-to-cf | FileCheck %s
// RUN: strata-opt %s --convert-scf-to-cf --verify-equivalence --equivalence-trials=6 > /dev/null
// RUN: strata-run %s --entry count --input 3 --print | FileCheck %s --check-prefix=OUT
// RUN: strata-opt %s --convert-scf-to-cf | strata-run - --entry count --input 3 --print | FileCheck %s --check-prefix=OUT
// REQUIRES: mlir-opt
// RUN: strata-opt %s --convert-scf-to-cf | %mlir-accepts > /dev/null

func.func @sum(%a: memref<4x6xf32>, %init: f32) -> (f32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %r:2 = scf.parallel (%i, %j) = (%c0, %c1) to (%c4, %c6) step (%c1, %c2) init (%init, %zero) -> (f32, i32) {
    %x = memref.load %a[%i, %j] : memref<4x6xf32>
    scf.reduce(%x, %one : f32, i32) {
    ^bb0(%l: f32, %r: f32):
      %s = arith.addf %l, %r : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%l: i32, %r: i32):
      %s = arith.addi %l, %r : i32
      scf.reduce.return %s : i32
    }
  }
  return %r#0, %r#1 : f32, i32
}
func.func @store(%a: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %x = memref.load %a[%i] : memref<8xf32>
    %y = arith.mulf %x, %x : f32
    memref.store %y, %a[%i] : memref<8xf32>
    scf.reduce
  }
  return
}

// Two reductions over a 2-D iteration space with non-unit steps and an
// scf.if in the body: 1+2+...+n and the count of odd values.
func.func @count(%n: index) -> (index, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %r:2 = scf.parallel (%i, %j) = (%c1, %c0) to (%n, %c2) step (%c1, %c2) init (%c0, %zero) -> (index, i32) {
    %odd = arith.andi %i, %c1 : index
    %is_odd = arith.cmpi eq, %odd, %c1 : index
    %inc = scf.if %is_odd -> (i32) {
      scf.yield %one : i32
    } else {
      scf.yield %zero : i32
    }
    scf.reduce(%i, %inc : index, i32) {
    ^bb0(%l: index, %r: index):
      %s = arith.addi %l, %r : index
      scf.reduce.return %s : index
    }, {
    ^bb0(%l: i32, %r: i32):
      %s = arith.addi %l, %r : i32
      scf.reduce.return %s : i32
    }
  }
  return %r#0, %r#1 : index, i32
}
// OUT: 3 : index
// OUT-NEXT: 1 : i32
