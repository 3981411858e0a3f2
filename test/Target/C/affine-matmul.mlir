// A 16x24x20 matmul in affine loops, run as C after lower-affine (by
// strata-opt, or by the back end itself): same bits as the interpreter on
// the affine form.
// RUN: strata-run %s --entry matmul --random-inputs --seed 13 --print > %t.i
// RUN: strata-opt --lower-affine %s | strata-run - --entry matmul --random-inputs --seed 13 --print --target c > %t.c
// RUN: diff %t.i %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: strata-opt --lower-affine %s | strata-translate --mlir-to-c -o %t.src.c
// RUN: cc -O3 -Wall -Wextra -Werror -std=c11 -c %t.src.c -o %t.o
// Without lower-affine first the back end runs it itself: same output.
// RUN: strata-run %s --entry matmul --random-inputs --seed 13 --print --target c > %t.direct
// RUN: diff %t.i %t.direct

// CHECK: dense<{{.*}}> : tensor<16x20xf32> (memref<16x20xf32>)

func.func @matmul(%a: memref<16x24xf32>, %b: memref<24x20xf32>, %c: memref<16x20xf32>) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 20 {
      affine.store %z, %c[%i, %j] : memref<16x20xf32>
      affine.for %k = 0 to 24 {
        %x = affine.load %a[%i, %k] : memref<16x24xf32>
        %y = affine.load %b[%k, %j] : memref<24x20xf32>
        %acc = affine.load %c[%i, %j] : memref<16x20xf32>
        %m = arith.mulf %x, %y : f32
        %s = arith.addf %acc, %m : f32
        affine.store %s, %c[%i, %j] : memref<16x20xf32>
      }
    }
  }
  return
}
