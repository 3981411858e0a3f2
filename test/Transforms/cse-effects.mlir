// cse of reads across region-holding ops, and of commutative ops, as MLIR
// 22's CSE: a second load is replaced by the first only when nothing that
// may write (looking inside regions: MLIR's getEffectsRecursively) sits
// between them; a loop whose body stores is a writer (the pass used to
// replace the load after it, a miscompile the equivalence check catches),
// one that only reads is not. Commutative ops match with their operands
// in any order. The output is byte-identical to mlir-opt 22's (the diff)
// and the interpreter computes the same before and after on random inputs.
// RUN: strata-opt %s --cse > %t.strata
// RUN: FileCheck %s < %t.strata
// RUN: strata-opt %s --cse --verify-equivalence --equivalence-trials=10 > /dev/null
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --cse > %t.mlir
// RUN: diff %t.strata %t.mlir

// CHECK-LABEL: func.func @load_store_loop(
// CHECK: %[[A:.*]] = memref.load
// CHECK: scf.for
// CHECK: memref.store
// CHECK: %[[B:.*]] = memref.load
// CHECK: return %[[A]], %[[B]] : i32, i32
func.func @load_store_loop(%m: memref<4xi32>, %n: index, %v: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %k = arith.andi %n, %c3 : index
  %a = memref.load %m[%c0] : memref<4xi32>
  scf.for %i = %c0 to %k step %c1 {
    memref.store %v, %m[%c0] : memref<4xi32>
  }
  %b = memref.load %m[%c0] : memref<4xi32>
  return %a, %b : i32, i32
}

// The loop only reads (and is dead): the loads before and after it are one.
// CHECK-LABEL: func.func @load_read_loop(
// CHECK: %[[A:.*]] = memref.load
// CHECK-NOT: memref.load
// CHECK: return %[[A]], %[[A]] : i32, i32
func.func @load_read_loop(%m: memref<4xi32>, %n: index, %o: memref<i32>) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %k = arith.andi %n, %c3 : index
  %a = memref.load %m[%c0] : memref<4xi32>
  scf.for %i = %c0 to %k step %c1 {
    %x = memref.load %m[%i] : memref<4xi32>
  }
  %b = memref.load %m[%c0] : memref<4xi32>
  return %a, %b : i32, i32
}

// CHECK-LABEL: func.func @commutative(
// CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.cmpi eq, %arg0, %arg1 : i32
// CHECK-NEXT: %2 = arith.cmpi eq, %arg1, %arg0 : i32
// CHECK-NEXT: %3 = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT: %4 = arith.subi %arg1, %arg0 : i32
// CHECK-NEXT: %5 = arith.muli %0, %arg2 : i32
// CHECK-NEXT: return %0, %0, %1, %2, %3, %4, %5, %5
func.func @commutative(%a: i32, %b: i32, %c: i32) -> (i32, i32, i1, i1, i32, i32, i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %b, %a : i32
  %2 = arith.cmpi eq, %a, %b : i32
  %3 = arith.cmpi eq, %b, %a : i32
  %4 = arith.subi %a, %b : i32
  %5 = arith.subi %b, %a : i32
  %6 = arith.muli %0, %c : i32
  %7 = arith.muli %c, %1 : i32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i32, i32, i1, i1, i32, i32, i32, i32
}
