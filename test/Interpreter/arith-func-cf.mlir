// RUN: strata-run %s --entry main --print | FileCheck %s
// RUN: strata-run %s --entry loop --input 100 --print | FileCheck %s --check-prefix=LOOP
// RUN: not strata-run %s --entry div --input 7 --input 0 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: not strata-run %s --entry main --target gpu 2>&1 | FileCheck %s --check-prefix=TARGET

// CHECK: 3628800 : i64
// CHECK-NEXT: -2147483648 : i32
// CHECK-NEXT: 1.41421354 : f32
// CHECK-NEXT: dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : vector<4xf32>
// CHECK-NEXT: false
// CHECK-NEXT: -2 : i8
// LOOP: 4950 : index
// DIV: error: division by zero
// TARGET: unknown target 'gpu' (expected interp, c, jit, vta or aie)

func.func @fact(%n: i64) -> i64 {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i64
  %is0 = arith.cmpi sle, %n, %c0 : i64
  cf.cond_br %is0, ^base, ^rec
^base:
  return %c1 : i64
^rec:
  %m = arith.subi %n, %c1 : i64
  %r = func.call @fact(%m) : (i64) -> i64
  %p = arith.muli %n, %r : i64
  return %p : i64
}

func.func @main() -> (i64, i32, f32, vector<4xf32>, i1, i8) {
  %c10 = arith.constant 10 : i64
  %f = func.call @fact(%c10) : (i64) -> i64
  %a = arith.constant 2147483647 : i32
  %b = arith.constant 1 : i32
  %w = arith.addi %a, %b : i32
  %x = arith.constant 2.0 : f32
  %s = math.sqrt %x : f32
  %v = arith.constant dense<[1.0, 4.0, 9.0, 16.0]> : vector<4xf32>
  %sv = math.sqrt %v : vector<4xf32>
  %t = arith.cmpf olt, %x, %s : f32
  %m7 = arith.constant -7 : i8
  %c4 = arith.constant 4 : i8
  %fd = arith.floordivsi %m7, %c4 : i8
  return %f, %w, %s, %sv, %t, %fd : i64, i32, f32, vector<4xf32>, i1, i8
}

func.func @loop(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^head(%c0, %c0 : index, index)
^head(%i: index, %acc: index):
  %done = arith.cmpi sge, %i, %n : index
  cf.cond_br %done, ^exit, ^body
^body:
  %acc2 = arith.addi %acc, %i : index
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2, %acc2 : index, index)
^exit:
  return %acc : index
}

func.func @div(%a: i32, %b: i32) -> i32 {
  %q = arith.divsi %a, %b : i32
  return %q : i32
}
