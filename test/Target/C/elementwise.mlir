// Elementwise f32 math over memrefs: the compiled C and the interpreter
// print the same bits on the same random inputs; the C is warning-free.
// RUN: strata-run %s --entry ew --random-inputs --seed 3 --print > %t.interp
// RUN: strata-run %s --entry ew --random-inputs --seed 3 --print --target c > %t.c
// RUN: diff %t.interp %t.c
// .npy inputs and outputs: the C run reads the interpreter's outputs back and writes identical files.
// RUN: strata-run %s --entry ew --random-inputs --seed 4 --output %t.a.npy --output %t.b.npy --output %t.c.npy
// RUN: strata-run %s --entry ew --input %t.a.npy --input %t.b.npy --input %t.c.npy --output %t.i.npy --output %t.j.npy --output %t.k.npy
// RUN: strata-run %s --entry ew --input %t.a.npy --input %t.b.npy --input %t.c.npy --output %t.ci.npy --output %t.cj.npy --output %t.ck.npy --target c
// RUN: cmp %t.k.npy %t.ck.npy
// RUN: cmp %t.i.npy %t.ci.npy
// RUN: FileCheck %s --input-file %t.c
// RUN: strata-translate --mlir-to-c %s -o %t.src.c
// RUN: cc -O3 -Wall -Wextra -Werror -std=c11 -c %t.src.c -o %t.o

// CHECK: dense<{{.*}}> : tensor<4x8xf32> (memref<4x8xf32>)
// CHECK-NEXT: dense<{{.*}}> : tensor<4x8xf32> (memref<4x8xf32>)
// CHECK-NEXT: dense<{{.*}}> : tensor<4x8xf32> (memref<4x8xf32>)

func.func @ew(%a: memref<4x8xf32>, %b: memref<4x8xf32>, %c: memref<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %half = arith.constant 0.5 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %x = memref.load %a[%i, %j] : memref<4x8xf32>
      %y = memref.load %b[%i, %j] : memref<4x8xf32>
      %m = arith.mulf %x, %y : f32
      %e = math.exp %m : f32
      %s = arith.addf %e, %half : f32
      %t = math.tanh %s : f32
      %mx = arith.maximumf %t, %x : f32
      %d = arith.divf %mx, %s : f32
      %r = math.sqrt %e : f32
      %f = math.fma %d, %r, %y : f32
      %n = arith.negf %f : f32
      %ab = math.absf %n : f32
      %l = math.log1p %ab : f32
      %mn = arith.minnumf %l, %d : f32
      %rm = arith.remf %mn, %half : f32
      %fl = math.floor %rm : f32
      %z = arith.subf %fl, %rm : f32
      memref.store %z, %c[%i, %j] : memref<4x8xf32>
    }
  }
  return
}
