// strata-run --target c checks every memref view and the ops that take
// their shapes as the interpreter does, and stops with the interpreter's
// located error where it has one (same stderr, diffed); without the checks
// each of these reads or writes outside its block.
// RUN: not strata-run %s --entry subview --input=3 --random-inputs 2> %t.i1
// RUN: not strata-run %s --entry subview --input=3 --random-inputs --target c 2> %t.c1
// RUN: diff %t.i1 %t.c1
// RUN: FileCheck %s --check-prefix=SUBVIEW --input-file %t.c1
// RUN: strata-run %s --entry subview --input=2 --random-inputs --seed 3 --print > %t.i2
// RUN: strata-run %s --entry subview --input=2 --random-inputs --seed 3 --print --target c > %t.c2
// RUN: diff %t.i2 %t.c2
// RUN: not strata-run %s --entry copy --input=2 --random-inputs 2> %t.i3
// RUN: not strata-run %s --entry copy --input=2 --random-inputs --target c 2> %t.c3
// RUN: diff %t.i3 %t.c3
// RUN: FileCheck %s --check-prefix=COPY --input-file %t.c3
// RUN: not strata-run %s --entry dim --input=1 --random-inputs 2> %t.i4
// RUN: not strata-run %s --entry dim --input=1 --random-inputs --target c 2> %t.c4
// RUN: diff %t.i4 %t.c4
// RUN: FileCheck %s --check-prefix=DIM --input-file %t.c4
// RUN: not strata-run %s --entry dim --input=-1 --random-inputs --target c 2>&1 | FileCheck %s --check-prefix=DIMNEG
// RUN: not strata-run %s --entry alloc --input=-1 2> %t.i5
// RUN: not strata-run %s --entry alloc --input=-1 --target c 2> %t.c5
// RUN: diff %t.i5 %t.c5
// RUN: FileCheck %s --check-prefix=ALLOC --input-file %t.c5
// RUN: not strata-run %s --entry double_dealloc 2> %t.i6
// RUN: not strata-run %s --entry double_dealloc --target c 2> %t.c6
// RUN: diff %t.i6 %t.c6
// RUN: FileCheck %s --check-prefix=DEALLOC --input-file %t.c6
// RUN: strata-run %s --entry dealloc_view --print --target c | FileCheck %s --check-prefix=VIEWFREE
// MLIR's runtime verification checks a reinterpret_cast's result against
// its block when it is made; the interpreter only when it is read.
// RUN: not strata-run %s --entry reinterpret --random-inputs --target c 2>&1 | FileCheck %s --check-prefix=RCAST
// RUN: not strata-run %s --entry reinterpret_global --target c 2>&1 | FileCheck %s --check-prefix=RCASTG
// RUN: not strata-run %s --entry reinterpret_alloca --target c 2>&1 | FileCheck %s --check-prefix=RCASTA
// RUN: strata-run %s --entry reinterpret_inside --random-inputs --seed 4 --print > %t.i7
// RUN: strata-run %s --entry reinterpret_inside --random-inputs --seed 4 --print --target c > %t.c7
// RUN: diff %t.i7 %t.c7

// SUBVIEW: memory-checks.mlir:[[@LINE+2]]:8: error: subview out of bounds: dimension 0 takes 2 elements from offset 3 with stride 1 of a source of size 4
func.func @subview(%o: index, %m: memref<4x4xf32>) -> f32 {
  %v = memref.subview %m[%o, 0] [2, 4] [1, 1] : memref<4x4xf32> to memref<2x4xf32, strided<[4, 1], offset: ?>>
  %c1 = arith.constant 1 : index
  %x = memref.load %v[%c1, %c1] : memref<2x4xf32, strided<[4, 1], offset: ?>>
  return %x : f32
}

// COPY: memory-checks.mlir:[[@LINE+4]]:3: error: memref.copy between shapes [4] and [2]
func.func @copy(%n: index, %a: memref<4xf32>) {
  %b = memref.alloc(%n) : memref<?xf32>
  %c = memref.cast %a : memref<4xf32> to memref<?xf32>
  memref.copy %c, %b : memref<?xf32> to memref<?xf32>
  return
}

// DIM: memory-checks.mlir:[[@LINE+3]]:8: error: dimension 1 of a value of rank 1
// DIMNEG: memory-checks.mlir:[[@LINE+2]]:8: error: dimension -1 of a value of rank 1
func.func @dim(%i: index, %a: memref<4xf32>) -> index {
  %d = memref.dim %a, %i : memref<4xf32>
  return %d : index
}

// ALLOC: memory-checks.mlir:[[@LINE+2]]:8: error: allocation with a negative size (-1)
func.func @alloc(%n: index) -> index {
  %a = memref.alloc(%n) : memref<?xf32>
  %c0 = arith.constant 0 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return %d : index
}

// DEALLOC: memory-checks.mlir:[[@LINE+4]]:3: error: deallocation of memory that is already deallocated
func.func @double_dealloc() {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

// Freeing through a view frees the block once (its data pointer is the
// block's start).
// VIEWFREE: 7 : index
func.func @dealloc_view() -> index {
  %a = memref.alloc() : memref<8xf32>
  %v = memref.subview %a[1] [7] [1] : memref<8xf32> to memref<7xf32, strided<[1], offset: 1>>
  memref.dealloc %v : memref<7xf32, strided<[1], offset: 1>>
  %c7 = arith.constant 7 : index
  return %c7 : index
}

// RCAST: memory-checks.mlir:[[@LINE+2]]:8: error: memref.reinterpret_cast out of bounds: the view spans elements 2 to 9 of a block of 4
func.func @reinterpret(%m: memref<4xf32>) -> f32 {
  %v = memref.reinterpret_cast %m to offset: [2], sizes: [8], strides: [1] : memref<4xf32> to memref<8xf32, strided<[1], offset: 2>>
  %c5 = arith.constant 5 : index
  %x = memref.load %v[%c5] : memref<8xf32, strided<[1], offset: 2>>
  return %x : f32
}

memref.global "private" constant @g : memref<2x3xi32> = dense<[[1, 2, 3], [4, 5, 6]]>
// RCASTG: memory-checks.mlir:[[@LINE+3]]:8: error: memref.reinterpret_cast out of bounds: the view spans elements -1 to 5 of a block of 6
func.func @reinterpret_global() -> i32 {
  %g = memref.get_global @g : memref<2x3xi32>
  %v = memref.reinterpret_cast %g to offset: [4], sizes: [2, 2], strides: [-5, 1] : memref<2x3xi32> to memref<2x2xi32, strided<[-5, 1], offset: 4>>
  %c0 = arith.constant 0 : index
  %x = memref.load %v[%c0, %c0] : memref<2x2xi32, strided<[-5, 1], offset: 4>>
  return %x : i32
}

// RCASTA: memory-checks.mlir:[[@LINE+3]]:8: error: memref.reinterpret_cast out of bounds: the view spans elements 0 to 16 of a block of 16
func.func @reinterpret_alloca() -> i32 {
  %a = memref.alloca() : memref<16xi32>
  %v = memref.reinterpret_cast %a to offset: [0], sizes: [3, 3], strides: [8, 0] : memref<16xi32> to memref<3x3xi32, strided<[8, 0]>>
  %c0 = arith.constant 0 : index
  %k = arith.constant 7 : i32
  memref.store %k, %v[%c0, %c0] : memref<3x3xi32, strided<[8, 0]>>
  %x = memref.load %v[%c0, %c0] : memref<3x3xi32, strided<[8, 0]>>
  return %x : i32
}

// A view that fits, negative strides included, runs as the interpreter.
func.func @reinterpret_inside(%m: memref<3x4xf32>) -> memref<2x2xf32, strided<[-4, -2], offset: 11>> {
  %v = memref.reinterpret_cast %m to offset: [11], sizes: [2, 2], strides: [-4, -2] : memref<3x4xf32> to memref<2x2xf32, strided<[-4, -2], offset: 11>>
  return %v : memref<2x2xf32, strided<[-4, -2], offset: 11>>
}
