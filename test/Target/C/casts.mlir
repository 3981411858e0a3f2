// Every integer/float cast: sign/zero extension, truncation, index casts,
// int<->float in both signednesses, saturating float->int (NaN gives 0),
// f32<->f64, and bitcasts. Bit-exact with the interpreter on random inputs
// and on edge values.
// RUN: strata-run %s --entry casts --random-inputs --seed 6 --print > %t.i1
// RUN: strata-run %s --entry casts --random-inputs --seed 6 --print --target c > %t.c1
// RUN: diff %t.i1 %t.c1
// RUN: strata-run %s --entry casts --input=-7 --input 1.0e10 --input=-2.5 --print > %t.i2
// RUN: strata-run %s --entry casts --input=-7 --input 1.0e10 --input=-2.5 --print --target c > %t.c2
// RUN: diff %t.i2 %t.c2
// RUN: strata-run %s --entry casts --input 100 --input nan --input=-inf --print > %t.i3
// RUN: strata-run %s --entry casts --input 100 --input nan --input=-inf --print --target c > %t.c3
// RUN: diff %t.i3 %t.c3
// RUN: FileCheck %s --input-file %t.c2
// RUN: strata-translate --mlir-to-c %s -o %t.src.c
// RUN: cc -O3 -Wall -Wextra -Werror -std=c11 -c %t.src.c -o %t.o

// -7 : i8 sign- and zero-extended, truncated
// CHECK: -7 : i32
// CHECK-NEXT: 249 : i32
// CHECK-NEXT: -7 : i4
// 1e10 saturates in fptosi/fptoui to i16
// CHECK: 32767 : i16
// CHECK-NEXT: -1 : i16

func.func @casts(%i: i8, %f: f32, %d: f64)
    -> (i32, i32, i4, index, index, i64, f32, f32, f64, f64, i16, i16, i32, i64, i8, i8, f64, f32, i32, f32, i64, f64, i64, i1) {
  %sx = arith.extsi %i : i8 to i32
  %zx = arith.extui %i : i8 to i32
  %tr = arith.trunci %i : i8 to i4
  %ic = arith.index_cast %i : i8 to index
  %icu = arith.index_castui %i : i8 to index
  %back = arith.index_cast %icu : index to i64
  %sf = arith.sitofp %i : i8 to f32
  %uf = arith.uitofp %i : i8 to f32
  %sd = arith.sitofp %sx : i32 to f64
  %ud = arith.uitofp %zx : i32 to f64
  %fs = arith.fptosi %f : f32 to i16
  %fu = arith.fptoui %f : f32 to i16
  %ds = arith.fptosi %d : f64 to i32
  %du = arith.fptoui %d : f64 to i64
  %ds8 = arith.fptosi %f : f32 to i8
  %du8 = arith.fptoui %d : f64 to i8
  %ext = arith.extf %f : f32 to f64
  %trf = arith.truncf %d : f64 to f32
  %bc = arith.bitcast %f : f32 to i32
  %bc2 = arith.bitcast %bc : i32 to f32
  %bd = arith.bitcast %d : f64 to i64
  %bd2 = arith.bitcast %bd : i64 to f64
  %big = arith.uitofp %bd : i64 to f32
  %bigs = arith.sitofp %bd : i64 to f64
  %bigi = arith.fptosi %bigs : f64 to i64
  %nan = math.isnan %d : f64
  return %sx, %zx, %tr, %ic, %icu, %back, %sf, %uf, %sd, %ud, %fs, %fu, %ds, %du, %ds8, %du8, %ext, %trf, %bc, %bc2, %bigi, %bd2, %bd, %nan
    : i32, i32, i4, index, index, i64, f32, f32, f64, f64, i16, i16, i32, i64, i8, i8, f64, f32, i32, f32, i64, f64, i64, i1
}
