// Upstream-only passes inside a Strata flow: MLIR 22's own lower-affine,
// convert-scf-to-cf and canonicalize run through the bridge
// (strata-translate --import-mlir --mlir-pipeline), the result comes back
// into Strata, and Strata's interpreter gives the same results before and
// after on random inputs.
// REQUIRES: mlir
// RUN: strata-translate --import-mlir %s --mlir-pipeline='builtin.module(lower-affine,convert-scf-to-cf,func.func(canonicalize))' > %t.cf.mlir
// RUN: FileCheck %s < %t.cf.mlir
// RUN: strata-run %s --entry dot_clamped --random-inputs --seed 3 --print > %t.before.3
// RUN: strata-run %t.cf.mlir --entry dot_clamped --random-inputs --seed 3 --print > %t.after.3
// RUN: diff %t.before.3 %t.after.3
// RUN: strata-run %s --entry dot_clamped --random-inputs --seed 11 --print > %t.before.11
// RUN: strata-run %t.cf.mlir --entry dot_clamped --random-inputs --seed 11 --print > %t.after.11
// RUN: diff %t.before.11 %t.after.11
// RUN: strata-run %s --entry steps --input 27 --print > %t.before.steps
// RUN: strata-run %t.cf.mlir --entry steps --input 27 --print > %t.after.steps
// RUN: diff %t.before.steps %t.after.steps
// RUN: FileCheck %s --check-prefix=STEPS < %t.after.steps
// The same pipeline through --export-mlir prints MLIR's own output.
// RUN: strata-translate --export-mlir %s --mlir-pipeline='builtin.module(lower-affine,convert-scf-to-cf,func.func(canonicalize))' | FileCheck %s

// No structured control flow or affine ops are left; loops are blocks.
// CHECK-LABEL: func.func @dot_clamped(
// CHECK-NOT: scf.
// CHECK-NOT: affine.
// CHECK: cf.cond_br
// CHECK-LABEL: func.func @steps(
// CHECK-NOT: scf.
// CHECK: cf.cond_br
// 27 reaches 1 in 111 steps.
// STEPS: 111 : i32

func.func @dot_clamped(%a: memref<16xi32>, %b: memref<16xi32>, %lo: i32, %hi: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %s = affine.for %i = 0 to 16 iter_args(%acc = %zero) -> (i32) {
    %x = affine.load %a[%i] : memref<16xi32>
    %y = affine.load %b[%i] : memref<16xi32>
    %p = arith.muli %x, %y : i32
    %big = arith.cmpi sgt, %p, %hi : i32
    %c = scf.if %big -> (i32) {
      scf.yield %hi : i32
    } else {
      %m = arith.maxsi %p, %lo : i32
      scf.yield %m : i32
    }
    affine.store %c, %a[%i] : memref<16xi32>
    %n = arith.addi %acc, %c : i32
    affine.yield %n : i32
  }
  return %s : i32
}

func.func @steps(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %r:2 = scf.while (%v = %x, %n = %c0) : (i32, i32) -> (i32, i32) {
    %more = arith.cmpi sgt, %v, %c1 : i32
    scf.condition(%more) %v, %n : i32, i32
  } do {
  ^bb0(%v: i32, %n: i32):
    %rem = arith.remsi %v, %c2 : i32
    %odd = arith.cmpi ne, %rem, %c0 : i32
    %next = scf.if %odd -> i32 {
      %t = arith.muli %v, %c3 : i32
      %t1 = arith.addi %t, %c1 : i32
      scf.yield %t1 : i32
    } else {
      %h = arith.divsi %v, %c2 : i32
      scf.yield %h : i32
    }
    %n1 = arith.addi %n, %c1 : i32
    scf.yield %next, %n1 : i32, i32
  }
  return %r#1 : i32
}
