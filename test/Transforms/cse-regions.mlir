// cse of ops with regions (MLIR 22's CSE with OperationEquivalence): an op
// with single-block regions, no memory effect in itself or its regions and
// an equivalent op in scope (same operands and attributes, regions with
// the same ops over matched values) is replaced by it. Regions are
// simplified first. Not replaced: loops that read memory (scf.for has no
// MemoryEffects of its own), linalg.generic on memrefs, regions of more
// than one block, regions that differ, commutative operands swapped
// inside a region (only the op compared directly may swap them). The
// output is byte-identical to mlir-opt 22's (the diff) and the interpreter
// computes the same before and after on random inputs.
// RUN: strata-opt %s --cse > %t.strata
// RUN: FileCheck %s < %t.strata
// RUN: strata-opt %s --cse --verify-equivalence --equivalence-trials=10 > /dev/null
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --cse > %t.mlir
// RUN: diff %t.strata %t.mlir

#map = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func.func @two_ifs(
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK: return %0, %0 : i32, i32
func.func @two_ifs(%c: i1, %a: i32, %b: i32) -> (i32, i32) {
  %0 = scf.if %c -> i32 {
    %x = arith.addi %a, %b : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  %1 = scf.if %c -> i32 {
    %x = arith.addi %a, %b : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  return %0, %1 : i32, i32
}

// Loop bodies match through their block arguments (the induction
// variables and iteration arguments have other names), and nested regions
// match through values defined two levels down.
// CHECK-LABEL: func.func @two_fors(
// CHECK: %1 = scf.for
// CHECK-NOT: scf.for
// CHECK: return %1, %1 : i32, i32
func.func @two_fors(%c: i1, %n: index, %a: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %m = arith.andi %n, %c7 : index
  %0 = scf.for %i = %c0 to %m step %c1 iter_args(%s = %a) -> i32 {
    %x = scf.if %c -> i32 {
      %y = arith.addi %s, %a : i32
      %z = arith.muli %y, %y : i32
      scf.yield %z : i32
    } else {
      %k = arith.index_cast %i : index to i32
      scf.yield %k : i32
    }
    scf.yield %x : i32
  }
  %1 = scf.for %j = %c0 to %m step %c1 iter_args(%t = %a) -> i32 {
    %x = scf.if %c -> i32 {
      %y = arith.addi %t, %a : i32
      %z = arith.muli %y, %y : i32
      scf.yield %z : i32
    } else {
      %k = arith.index_cast %j : index to i32
      scf.yield %k : i32
    }
    scf.yield %x : i32
  }
  return %0, %1 : i32, i32
}

// CHECK-LABEL: func.func @two_generics(
// CHECK-COUNT-1: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: return %0, %0 : tensor<8xf32>, tensor<8xf32>
func.func @two_generics(%t: tensor<8xf32>, %o: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%t : tensor<8xf32>) outs(%o : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %out : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%t : tensor<8xf32>) outs(%o : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  return %0, %1 : tensor<8xf32>, tensor<8xf32>
}

// The second if and its duplicate addi inside compare after the first's
// duplicate was replaced (and before it is erased): they still match the
// same way in MLIR and here. The while loops match region by region.
// CHECK-LABEL: func.func @while_and_duplicates(
// CHECK: scf.while
// CHECK-NOT: scf.while
// CHECK: return %1, %1, %2, %2 : i32, i32, i32, i32
func.func @while_and_duplicates(%c: i1, %a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  %start = arith.andi %a, %c7 : i32
  %0 = scf.while (%x = %start) : (i32) -> i32 {
    %lt = arith.cmpi slt, %x, %c7 : i32
    scf.condition(%lt) %x : i32
  } do {
  ^bb0(%y: i32):
    %z = arith.addi %y, %c1 : i32
    scf.yield %z : i32
  }
  %1 = scf.while (%x = %start) : (i32) -> i32 {
    %lt = arith.cmpi slt, %x, %c7 : i32
    scf.condition(%lt) %x : i32
  } do {
  ^bb0(%y: i32):
    %z = arith.addi %y, %c1 : i32
    scf.yield %z : i32
  }
  %2 = scf.if %c -> i32 {
    %x = arith.addi %a, %b : i32
    %y = arith.addi %a, %b : i32
    %s = arith.subi %x, %y : i32
    scf.yield %s : i32
  } else {
    scf.yield %a : i32
  }
  %3 = scf.if %c -> i32 {
    %x = arith.addi %a, %b : i32
    %y = arith.addi %a, %b : i32
    %s = arith.subi %x, %y : i32
    scf.yield %s : i32
  } else {
    scf.yield %a : i32
  }
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// An if nested in another if is replaced by an equivalent one in an
// enclosing scope, and one in ^bb1 by one in the entry block, which
// dominates it. The subi ifs of ^bb1 and ^bb2 are equivalent but neither
// block dominates the other: both stay.
// CHECK-LABEL: func.func @scopes(
// CHECK: %0 = scf.if
// CHECK: %1 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: scf.yield %0 : i32
// CHECK: ^bb1:
// CHECK-NEXT: %2 = scf.if
// CHECK: arith.subi
// CHECK: cf.br ^bb3(%0, %2 : i32, i32)
// CHECK: ^bb2:
// CHECK-NEXT: %3 = scf.if
// CHECK: arith.subi
func.func @scopes(%c: i1, %a: i32, %b: i32) -> (i32, i32, i32) {
  %0 = scf.if %c -> i32 {
    %x = arith.muli %a, %b : i32
    scf.yield %x : i32
  } else {
    scf.yield %b : i32
  }
  %r = scf.if %c -> i32 {
    %1 = scf.if %c -> i32 {
      %x = arith.muli %a, %b : i32
      scf.yield %x : i32
    } else {
      scf.yield %b : i32
    }
    scf.yield %1 : i32
  } else {
    scf.yield %0 : i32
  }
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %2 = scf.if %c -> i32 {
    %x = arith.muli %a, %b : i32
    scf.yield %x : i32
  } else {
    scf.yield %b : i32
  }
  %3 = scf.if %c -> i32 {
    %x = arith.subi %a, %b : i32
    scf.yield %x : i32
  } else {
    scf.yield %b : i32
  }
  cf.br ^bb3(%2, %3 : i32, i32)
^bb2:
  %4 = scf.if %c -> i32 {
    %x = arith.subi %a, %b : i32
    scf.yield %x : i32
  } else {
    scf.yield %b : i32
  }
  cf.br ^bb3(%b, %4 : i32, i32)
^bb3(%s: i32, %t: i32):
  return %r, %s, %t : i32, i32, i32
}

// Kept: the loops read memory, the generics write it, the bodies differ
// (yields swapped; commutative operands swapped inside a region), and
// regions of two blocks.
// CHECK-LABEL: func.func @kept(
// CHECK-COUNT-2: scf.for
// CHECK-COUNT-2: linalg.generic
// CHECK-COUNT-4: scf.if
// CHECK-COUNT-2: scf.execute_region
func.func @kept(%m: memref<4xi32>, %n: index, %c: i1, %a: i32, %b: i32, %t: memref<8xf32>, %o: memref<8xf32>) -> (i32, i32, i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %k = arith.andi %n, %c3 : index
  %z = arith.constant 0 : i32
  %0 = scf.for %i = %c0 to %k step %c1 iter_args(%s = %z) -> i32 {
    %v = memref.load %m[%c0] : memref<4xi32>
    %x = arith.addi %s, %v : i32
    scf.yield %x : i32
  }
  %1 = scf.for %i = %c0 to %k step %c1 iter_args(%s = %z) -> i32 {
    %v = memref.load %m[%c0] : memref<4xi32>
    %x = arith.addi %s, %v : i32
    scf.yield %x : i32
  }
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%t : memref<8xf32>) outs(%o : memref<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.addf %in, %out : f32
    linalg.yield %p : f32
  }
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%t : memref<8xf32>) outs(%o : memref<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.addf %in, %out : f32
    linalg.yield %p : f32
  }
  %2 = scf.if %c -> i32 {
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  %3 = scf.if %c -> i32 {
    scf.yield %b : i32
  } else {
    scf.yield %a : i32
  }
  %4 = scf.if %c -> i32 {
    %x = arith.addi %a, %b : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  %5 = scf.if %c -> i32 {
    %x = arith.addi %b, %a : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  %6 = scf.execute_region -> i32 {
    cf.br ^bb1
  ^bb1:
    scf.yield %a : i32
  }
  %7 = scf.execute_region -> i32 {
    cf.br ^bb1
  ^bb1:
    scf.yield %a : i32
  }
  return %0, %1, %2, %3, %4, %5, %6, %7 : i32, i32, i32, i32, i32, i32, i32, i32
}
