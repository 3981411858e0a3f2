// memref.collapse_shape and expand_shape under the JIT (strided views: the
// collapsed dimension steps like its innermost non-unit one, an expanded
// group splits its stride row-major), against the interpreter; an
// expand_shape whose sizes do not multiply to the dimension stops with the
// interpreter's located error.
// REQUIRES: llvm
// RUN: strata-run %s --entry reshape --random-inputs --seed 7 --print > %t.i
// RUN: strata-run %s --entry reshape --random-inputs --seed 7 --print --target jit > %t.j
// RUN: diff %t.i %t.j
// RUN: FileCheck %s --input-file %t.j
// CHECK: : tensor<2x3x4xf32>
// RUN: not strata-run %s --entry bad --input 5 --random-inputs 2> %t.ie
// RUN: not strata-run %s --entry bad --input 5 --random-inputs --target jit 2> %t.je
// RUN: diff %t.ie %t.je
// RUN: FileCheck %s --check-prefix=BAD --input-file %t.je
// BAD: error: memref.expand_shape of a dimension of size 12 into sizes whose product is 10

// Sum over the collapsed 6x4 view and the expanded 2x3x4 view of a subview
// (non-unit strides), written through an expanded view of the output.
func.func @reshape(%a: memref<2x3x4xf32>, %b: memref<8x12xf32>, %o: memref<24xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %flat = memref.collapse_shape %a [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
  %sub = memref.subview %b[1, 0] [2, 12] [3, 1] : memref<8x12xf32> to memref<2x12xf32, strided<[36, 1], offset: 12>>
  %ex = memref.expand_shape %sub [[0], [1, 2]] output_shape [2, 3, 4] : memref<2x12xf32, strided<[36, 1], offset: 12>> into memref<2x3x4xf32, strided<[36, 4, 1], offset: 12>>
  %out = memref.expand_shape %o [[0, 1, 2]] output_shape [2, 3, 4] : memref<24xf32> into memref<2x3x4xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      scf.for %k = %c0 to %c4 step %c1 {
        %i3 = arith.muli %i, %c3 : index
        %r = arith.addi %i3, %j : index
        %x = memref.load %flat[%r, %k] : memref<6x4xf32>
        %y = memref.load %ex[%i, %j, %k] : memref<2x3x4xf32, strided<[36, 4, 1], offset: 12>>
        %s = arith.addf %x, %y : f32
        memref.store %s, %out[%i, %j, %k] : memref<2x3x4xf32>
      }
    }
  }
  return
}

func.func @bad(%n: index, %a: memref<12xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %d = memref.cast %a : memref<12xf32> to memref<?xf32>
  %e = memref.expand_shape %d [[0, 1]] output_shape [2, %n] : memref<?xf32> into memref<2x?xf32>
  %x = memref.load %e[%c0, %c0] : memref<2x?xf32>
  return %x : f32
}
