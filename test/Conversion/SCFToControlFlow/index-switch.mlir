// convert-scf-to-cf lowers scf.index_switch as MLIR's IndexSwitchLowering:
// the index cast to i32, a cf.switch to the case blocks (in order), then the
// default block, each branching to a continuation block that takes the
// results. The output is byte-identical to mlir-opt 22's (the diff), the
// interpreter computes the same before and after on random inputs, and
// switches nested in loops and in each other lower outermost first.
// RUN: strata-opt %s --convert-scf-to-cf > %t.strata
// RUN: FileCheck %s < %t.strata
// RUN: strata-opt %s --convert-scf-to-cf --verify-equivalence --equivalence-trials=20 > /dev/null
// RUN: strata-run %s --entry select --input 7 --input 5 --print | FileCheck %s --check-prefix=OUT
// RUN: strata-opt %s --convert-scf-to-cf | strata-run - --entry select --input 7 --input 5 --print | FileCheck %s --check-prefix=OUT
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --convert-scf-to-cf > %t.mlir
// RUN: diff %t.strata %t.mlir

// 7 mod 4 is 3: the case that squares 5.
// OUT: 25 : i32

// CHECK-LABEL: func.func @select(
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %0 = arith.remui %arg0, %c4 : index
// CHECK-NEXT: %1 = arith.index_cast %0 : index to i32
// CHECK-NEXT: cf.switch %1 : i32, [
// CHECK-NEXT:   default: ^bb4,
// CHECK-NEXT:   0: ^bb1,
// CHECK-NEXT:   3: ^bb2,
// CHECK-NEXT:   4294967295: ^bb3
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %2 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT: cf.br ^bb5(%2 : i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %3 = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT: cf.br ^bb5(%3 : i32)
// CHECK-NEXT: ^bb3:  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb5(%arg1 : i32)
// CHECK-NEXT: ^bb4:  // pred: ^bb0
// CHECK-NEXT: %4 = arith.subi %arg1, %arg1 : i32
// CHECK-NEXT: cf.br ^bb5(%4 : i32)
// CHECK-NEXT: ^bb5(%5: i32):  // 4 preds: ^bb1, ^bb2, ^bb3, ^bb4
// CHECK-NEXT: return %5 : i32
func.func @select(%i: index, %a: i32) -> i32 {
  %c4 = arith.constant 4 : index
  %k = arith.remui %i, %c4 : index
  %0 = scf.index_switch %k -> i32
  case 0 {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  }
  case 3 {
    %x = arith.muli %a, %a : i32
    scf.yield %x : i32
  }
  case -1 {
    scf.yield %a : i32
  }
  default {
    %x = arith.subi %a, %a : i32
    scf.yield %x : i32
  }
  return %0 : i32
}

// No results: the continuation block has no arguments.
// CHECK-LABEL: func.func @effects(
// CHECK: cf.switch %{{.*}} : i32, [
// CHECK-NEXT:   default: ^bb3,
// CHECK-NEXT:   1: ^bb1,
// CHECK-NEXT:   2: ^bb2
// CHECK-NEXT: ]
// CHECK: ^bb4:  // 3 preds: ^bb1, ^bb2, ^bb3
// CHECK-NEXT: return
func.func @effects(%i: index, %m: memref<3xi32>, %v: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %k = arith.remui %i, %c3 : index
  scf.index_switch %k
  case 1 {
    memref.store %v, %m[%c1] : memref<3xi32>
    scf.yield
  }
  case 2 {
    memref.store %v, %m[%c2] : memref<3xi32>
    scf.yield
  }
  default {
    memref.store %v, %m[%c0] : memref<3xi32>
  }
  return
}

// Inside a loop, a switch inside a switch, and results used after the
// loop: the loop lowers first, then the outer switch, then the inner one.
// CHECK-LABEL: func.func @nested(
// CHECK: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %4 = arith.remui %1, %c3 : index
// CHECK-NEXT: %5 = arith.index_cast %4 : index to i32
// CHECK-NEXT: cf.switch %5 : i32, [
// CHECK-NEXT:   default: ^bb8,
// CHECK-NEXT:   0: ^bb3,
// CHECK-NEXT:   2: ^bb7
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb3:  // pred: ^bb2
// CHECK-NEXT: %6 = arith.remui %arg0, %c3 : index
// CHECK-NEXT: %7 = arith.index_cast %6 : index to i32
// CHECK-NEXT: cf.switch %7 : i32, [
// CHECK: ^bb9(%11: i32, %12: i32):  // 3 preds: ^bb6, ^bb7, ^bb8
// CHECK-NEXT: %13 = arith.addi %11, %12 : i32
// CHECK-NEXT: %14 = arith.addi %1, %c1 : index
// CHECK-NEXT: cf.br ^bb1(%14, %13 : index, i32)
func.func @nested(%n: index, %a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %n8 = arith.andi %n, %c5 : index
  %r = scf.for %i = %c0 to %n8 step %c1 iter_args(%acc = %a) -> (i32) {
    %k = arith.remui %i, %c3 : index
    %next:2 = scf.index_switch %k -> i32, i32
    case 0 {
      %j = arith.remui %n, %c3 : index
      %y = scf.index_switch %j -> i32
      case 1 {
        %t = arith.addi %acc, %acc : i32
        scf.yield %t : i32
      }
      default {
        scf.yield %a : i32
      }
      scf.yield %y, %acc : i32, i32
    }
    case 2 {
      %t = arith.xori %acc, %a : i32
      scf.yield %acc, %t : i32, i32
    }
    default {
      scf.yield %a, %a : i32, i32
    }
    %s = arith.addi %next#0, %next#1 : i32
    scf.yield %s : i32
  }
  return %r : i32
}
