// Memref views (subview with static and dynamic offsets/strides, rank
// reduction, reinterpret_cast), globals, scf.parallel with a reduction and
// scf.execute_region: C and interpreter agree bit for bit.
// RUN: strata-run %s --entry views --random-inputs --seed 21 --print > %t.i1
// RUN: strata-run %s --entry views --random-inputs --seed 21 --print --target c > %t.c1
// RUN: diff %t.i1 %t.c1
// RUN: FileCheck %s --input-file %t.c1
// RUN: strata-run %s --entry par --random-inputs --seed 22 --print > %t.i2
// RUN: strata-run %s --entry par --random-inputs --seed 22 --print --target c > %t.c2
// RUN: diff %t.i2 %t.c2
// RUN: strata-translate --mlir-to-c %s -o %t.src.c
// RUN: cc -O3 -Wall -Wextra -Werror -std=c11 -c %t.src.c -o %t.o

// CHECK: : i32
// CHECK-NEXT: : i32
// CHECK-NEXT: 26 : i32
// CHECK-NEXT: : i32

memref.global "private" constant @table : memref<2x3xi32> = dense<[[1, 2, 3], [4, 5, 20]]>

func.func @views(%m: memref<6x8xi32>, %o: index) -> (i32, i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  // Every other column of rows 1..4, starting at column %o mod 2.
  %two = arith.constant 2 : index
  %off = arith.remui %o, %two : index
  %sv = memref.subview %m[1, %off] [4, 3] [1, 2] : memref<6x8xi32> to memref<4x3xi32, strided<[8, 2], offset: ?>>
  scf.for %i = %c0 to %c3 step %c1 {
    %v = memref.load %sv[%c2, %i] : memref<4x3xi32, strided<[8, 2], offset: ?>>
    %w = arith.muli %v, %v : i32
    memref.store %w, %sv[%c1, %i] : memref<4x3xi32, strided<[8, 2], offset: ?>>
  }
  // A row as a rank-reduced view.
  %row = memref.subview %m[5, 0] [1, 8] [1, 1] : memref<6x8xi32> to memref<8xi32, strided<[1], offset: 40>>
  %x = memref.load %row[%c7] : memref<8xi32, strided<[1], offset: 40>>
  // The whole buffer as a flat vector.
  %flat = memref.reinterpret_cast %m to offset: [0], sizes: [48], strides: [1] : memref<6x8xi32> to memref<48xi32>
  %c47 = arith.constant 47 : index
  %y = memref.load %flat[%c47] : memref<48xi32>
  %g = memref.get_global @table : memref<2x3xi32>
  %z1 = memref.load %g[%c1, %c2] : memref<2x3xi32>
  %z2 = memref.load %g[%c0, %c2] : memref<2x3xi32>
  %z = scf.execute_region -> i32 {
    %s = arith.addi %z1, %z2 : i32
    scf.yield %s : i32
  }
  %c3i = arith.constant 3 : i32
  %zz = arith.addi %z, %c3i : i32
  // The square stored through the view at %sv[1, 1] is %m[2, %off + 2].
  %col = arith.addi %off, %c2 : index
  %back = memref.load %m[%c2, %col] : memref<6x8xi32>
  return %x, %y, %zz, %back : i32, i32, i32, i32
}

func.func @par(%a: memref<5x7xf32>) -> (f32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1 : i32
  %zi = arith.constant 0 : i32
  %s, %n = scf.parallel (%i, %j) = (%c0, %c0) to (%c5, %c7) step (%c1, %c1) init (%zero, %zi) -> (f32, i32) {
    %v = memref.load %a[%i, %j] : memref<5x7xf32>
    %pos = arith.cmpf ogt, %v, %zero : f32
    %cnt = arith.select %pos, %one, %zi : i32
    scf.reduce(%v, %cnt : f32, i32) {
    ^bb0(%l: f32, %r: f32):
      %t = arith.addf %l, %r : f32
      scf.reduce.return %t : f32
    }, {
    ^bb0(%l: i32, %r: i32):
      %t = arith.addi %l, %r : i32
      scf.reduce.return %t : i32
    }
  }
  return %s, %n : f32, i32
}
