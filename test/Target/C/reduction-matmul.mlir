// Reductions with loop-carried values (scf.for iter_args), a dynamic-size
// memref, and a small matmul over memrefs: C and interpreter agree bit for bit.
// RUN: strata-run %s --entry sum --random-inputs --seed 5 --print > %t.i1
// RUN: strata-run %s --entry sum --random-inputs --seed 5 --print --target c > %t.c1
// RUN: diff %t.i1 %t.c1
// RUN: strata-run %s --entry matmul --random-inputs --seed 9 --print > %t.i2
// RUN: strata-run %s --entry matmul --random-inputs --seed 9 --print --target c > %t.c2
// RUN: diff %t.i2 %t.c2
// RUN: strata-run %s --entry dot_i32 --random-inputs --seed 2 --print > %t.i3
// RUN: strata-run %s --entry dot_i32 --random-inputs --seed 2 --print --target c > %t.c3
// RUN: diff %t.i3 %t.c3
// RUN: FileCheck %s --input-file %t.c1 --check-prefix=SUM
// RUN: FileCheck %s --input-file %t.c2 --check-prefix=MM
// RUN: strata-translate --mlir-to-c %s -o %t.src.c
// RUN: cc -O3 -Wall -Wextra -Werror -std=c11 -c %t.src.c -o %t.o

// SUM: : f32
// SUM-NEXT: : f64
// MM: dense<{{.*}}> : tensor<8x16xf32> (memref<8x16xf32>)

func.func @sum(%a: memref<?xf32>, %b: memref<3x5xf64>) -> (f32, f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %z = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %x = memref.load %a[%i] : memref<?xf32>
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  }
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %zd = arith.constant 1.0 : f64
  %p = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zd) -> (f64) {
    %q = scf.for %j = %c0 to %c5 step %c1 iter_args(%acc2 = %acc) -> (f64) {
      %x = memref.load %b[%i, %j] : memref<3x5xf64>
      %m = arith.mulf %acc2, %x : f64
      %t = arith.addf %m, %x : f64
      scf.yield %t : f64
    }
    scf.yield %q : f64
  }
  return %s, %p : f32, f64
}

func.func @matmul(%a: memref<8x12xf32>, %b: memref<12x16xf32>, %c: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %init = arith.constant 0.0 : f32
      %r = scf.for %k = %c0 to %c12 step %c1 iter_args(%acc = %init) -> (f32) {
        %x = memref.load %a[%i, %k] : memref<8x12xf32>
        %y = memref.load %b[%k, %j] : memref<12x16xf32>
        %m = arith.mulf %x, %y : f32
        %s = arith.addf %acc, %m : f32
        scf.yield %s : f32
      }
      memref.store %r, %c[%i, %j] : memref<8x16xf32>
    }
  }
  return
}

func.func @dot_i32(%a: memref<16xi32>, %b: memref<16xi32>) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %z = arith.constant 0 : i32
  %big = arith.constant 2147483000 : i32
  %s, %m = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %z, %mx = %big) -> (i32, i32) {
    %x = memref.load %a[%i] : memref<16xi32>
    %y = memref.load %b[%i] : memref<16xi32>
    %p = arith.muli %x, %y : i32
    %t = arith.addi %acc, %p : i32
    %w = arith.addi %mx, %x : i32
    %v = arith.maxsi %w, %t : i32
    scf.yield %t, %v : i32, i32
  }
  return %s, %m : i32, i32
}
