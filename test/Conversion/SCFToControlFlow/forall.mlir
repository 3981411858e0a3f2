// convert-scf-to-cf lowers scf.forall as MLIR's ForallLowering: first an
// scf.parallel (the static bounds as arith.constants: lower bounds, upper
// bounds, steps), then an scf.for nest, then blocks, all in the one pass.
// The output is byte-identical to mlir-opt 22's (the diff) and the
// interpreter computes the same before and after on random inputs.
// RUN: strata-opt %s --convert-scf-to-cf > %t.strata
// RUN: FileCheck %s < %t.strata
// RUN: strata-opt %s --convert-scf-to-cf --verify-equivalence --equivalence-trials=10 > /dev/null
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --convert-scf-to-cf > %t.mlir
// RUN: diff %t.strata %t.mlir

// CHECK-LABEL: func.func @grid(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c0_0 = arith.constant 0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c1_1 = arith.constant 1 : index
// CHECK-NEXT: cf.br ^bb1(%c0 : index)
// CHECK-NEXT: ^bb1(%0: index):  // 2 preds: ^bb0, ^bb5
// CHECK-NEXT: %1 = arith.cmpi slt, %0, %c4 : index
// CHECK-NEXT: cf.cond_br %1, ^bb2, ^bb6
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: cf.br ^bb3(%c0_0 : index)
// CHECK-NEXT: ^bb3(%2: index):  // 2 preds: ^bb2, ^bb4
// CHECK-NEXT: %3 = arith.cmpi slt, %2, %c8 : index
// CHECK-NEXT: cf.cond_br %3, ^bb4, ^bb5
// CHECK-NEXT: ^bb4:  // pred: ^bb3
// CHECK-NEXT: %4 = memref.load %arg0[%0, %2] : memref<4x8xi32>
// CHECK-NEXT: %5 = arith.muli %4, %4 : i32
// CHECK-NEXT: memref.store %5, %arg0[%0, %2] : memref<4x8xi32>
// CHECK-NEXT: %6 = arith.addi %2, %c1_1 : index
// CHECK-NEXT: cf.br ^bb3(%6 : index)
// CHECK-NEXT: ^bb5:  // pred: ^bb3
// CHECK-NEXT: %7 = arith.addi %0, %c1 : index
// CHECK-NEXT: cf.br ^bb1(%7 : index)
// CHECK-NEXT: ^bb6:  // pred: ^bb1
// CHECK-NEXT: return
func.func @grid(%m: memref<4x8xi32>) {
  scf.forall (%i, %j) in (4, 8) {
    %v = memref.load %m[%i, %j] : memref<4x8xi32>
    %s = arith.muli %v, %v : i32
    memref.store %s, %m[%i, %j] : memref<4x8xi32>
  }
  return
}

// Mixed static and dynamic bounds with a step; the bound comes from the
// memref so every random input stays in bounds.
// CHECK-LABEL: func.func @strided(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?xi32>
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: cf.br ^bb1(%c1 : index)
// CHECK-NEXT: ^bb1(%0: index):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: %1 = arith.cmpi slt, %0, %dim : index
// CHECK-NEXT: cf.cond_br %1, ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %2 = arith.index_cast %0 : index to i32
// CHECK-NEXT: memref.store %2, %arg0[%0] : memref<?xi32>
// CHECK-NEXT: %3 = arith.addi %0, %c3 : index
// CHECK-NEXT: cf.br ^bb1(%3 : index)
func.func @strided(%m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %m, %c0 : memref<?xi32>
  scf.forall (%i) = (1) to (%n) step (3) {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %m[%i] : memref<?xi32>
  }
  return
}

// A forall inside a loop, with an scf.if and an index_switch in its body:
// everything lowers in the one pass.
// CHECK-LABEL: func.func @nested(
// CHECK-NOT: scf.
// CHECK: return
func.func @nested(%m: memref<3x5xi32>, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %k = %c0 to %c3 step %c1 {
    scf.forall (%i, %j) = (%k, 0) to (3, 5) step (1, 2) {
      %v = memref.load %m[%i, %j] : memref<3x5xi32>
      %w = scf.if %flag -> (i32) {
        %d = arith.addi %v, %v : i32
        scf.yield %d : i32
      } else {
        %r = scf.index_switch %j -> i32
        case 2 {
          %x = arith.muli %v, %v : i32
          scf.yield %x : i32
        }
        default {
          scf.yield %v : i32
        }
        scf.yield %r : i32
      }
      memref.store %w, %m[%i, %j] : memref<3x5xi32>
    }
  }
  return
}
