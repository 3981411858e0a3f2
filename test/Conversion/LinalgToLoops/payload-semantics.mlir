// The interpreter runs a linalg op's payload through the structured
// executor (dialects/linalg/src/exec.rs); after convert-linalg-to-loops the
// same payload ops run one at a time through the interpreter's arith and
// math ops. Both read one definition of each op (arith's and math's
// semantics modules), so they give the same bytes. --random-inputs draws
// small integers, so each payload first spreads them (and the iteration
// index) over its types' full range by multiplying with odd constants that
// wrap; the float payload makes signed zeros, NaNs (0/0) and infinities
// (x * 1e30) on purpose. Covered: signed and unsigned integer ops at 8, 32
// and 64 bits, casts both ways (out-of-range fptosi saturates), and the
// float min/max whose signed zeros and NaNs the executor once decided by
// itself.
// RUN: strata-run %s --entry ints --random-inputs --seed 3 --print > %t.fast
// RUN: strata-opt --convert-linalg-to-loops %s | strata-run - --entry ints --random-inputs --seed 3 --print > %t.loops
// RUN: diff %t.fast %t.loops
// RUN: strata-run %s --entry floats --random-inputs --seed 5 --print > %t.ffast
// RUN: strata-opt --convert-linalg-to-loops %s | strata-run - --entry floats --random-inputs --seed 5 --print > %t.floops
// RUN: diff %t.ffast %t.floops
// RUN: FileCheck %s --input-file %t.fast

// CHECK: memref<64xi8>
#id = affine_map<(d0) -> (d0)>
func.func @ints(%a: memref<64xi8>, %b: memref<64xi8>, %c: memref<64xi32>, %d: memref<64xi64>,
                %o8: memref<64xi8>, %o32: memref<64xi32>, %o64: memref<64xi64>, %of: memref<64xf32>) {
  linalg.generic {indexing_maps = [#id, #id, #id, #id, #id, #id, #id, #id],
                  iterator_types = ["parallel"]}
      ins(%a, %b, %c, %d : memref<64xi8>, memref<64xi8>, memref<64xi32>, memref<64xi64>)
      outs(%o8, %o32, %o64, %of : memref<64xi8>, memref<64xi32>, memref<64xi64>, memref<64xf32>) {
  ^bb0(%x0: i8, %y0: i8, %z0: i32, %w0: i64, %p: i8, %q: i32, %r: i64, %s: f32):
    %idx = linalg.index 0 : index
    %i64 = arith.index_cast %idx : index to i64
    %k64 = arith.constant -7046029254386353131 : i64
    %k32 = arith.constant -1640531527 : i32
    %k8 = arith.constant -99 : i8
    %wi = arith.addi %w0, %i64 : i64
    %w = arith.muli %wi, %k64 : i64
    %i32 = arith.trunci %w : i64 to i32
    %zi = arith.xori %z0, %i32 : i32
    %z = arith.muli %zi, %k32 : i32
    %i8 = arith.trunci %z : i32 to i8
    %xi = arith.addi %x0, %i8 : i8
    %x = arith.muli %xi, %k8 : i8
    %y = arith.xori %y0, %i8 : i8
    %m = arith.muli %x, %y : i8
    %sh = arith.shrsi %m, %y : i8
    %mx = arith.maxsi %sh, %x : i8
    %mu = arith.minui %mx, %y : i8
    %ex = arith.extsi %mu : i8 to i32
    %eu = arith.extui %x : i8 to i32
    %ad = arith.addi %ex, %z : i32
    %sl = arith.shli %ad, %eu : i32
    %xo = arith.xori %sl, %z : i32
    %cmp = arith.cmpi ult, %xo, %z : i32
    %sel = arith.select %cmp, %xo, %eu : i32
    %wide = arith.extsi %sel : i32 to i64
    %prod = arith.muli %wide, %w : i64
    %su = arith.shrui %prod, %wide : i64
    %f = arith.uitofp %su : i64 to f32
    %g = arith.sitofp %prod : i64 to f32
    %h = arith.addf %f, %g : f32
    %back = arith.fptosi %h : f32 to i32
    %tr = arith.trunci %prod : i64 to i8
    linalg.yield %tr, %back, %su, %h : i8, i32, i64, f32
  }
  return
}

func.func @floats(%a: memref<64xf32>, %b: memref<64xf32>, %c: memref<64xf64>,
                  %o: memref<64xf32>, %p: memref<64xf64>, %q: memref<64xi16>) {
  linalg.generic {indexing_maps = [#id, #id, #id, #id, #id, #id],
                  iterator_types = ["parallel"]}
      ins(%a, %b, %c : memref<64xf32>, memref<64xf32>, memref<64xf64>)
      outs(%o, %p, %q : memref<64xf32>, memref<64xf64>, memref<64xi16>) {
  ^bb0(%x0: f32, %y: f32, %z: f64, %u: f32, %v: f64, %w: i16):
    %zero = arith.constant 0.0 : f32
    %big = arith.constant 1.0e30 : f32
    %nz = arith.negf %zero : f32
    %xb = arith.mulf %x0, %big : f32
    %xx = arith.mulf %xb, %big : f32
    %nan = arith.divf %zero, %zero : f32
    %idx = linalg.index 0 : index
    %i = arith.index_cast %idx : index to i32
    %ip = arith.uitofp %i : i32 to f32
    %m3 = arith.remf %ip, %y : f32
    %c2 = arith.constant 2.0 : f32
    %odd = arith.cmpf ogt, %m3, %c2 : f32
    %pick0 = arith.select %odd, %xx, %x0 : f32
    %even = arith.cmpf olt, %m3, %nz : f32
    %x = arith.select %even, %nan, %pick0 : f32
    %s = arith.subf %x, %y : f32
    %mn = arith.minnumf %s, %nz : f32
    %mx = arith.maxnumf %mn, %zero : f32
    %mi = arith.minimumf %mx, %y : f32
    %ma = arith.maximumf %mi, %nz : f32
    %rem = arith.remf %x, %y : f32
    %t = math.tanh %rem : f32
    %e = math.exp %ma : f32
    %sum = arith.addf %t, %e : f32
    %ext = arith.extf %sum : f32 to f64
    %d = arith.divf %ext, %z : f64
    %sq = math.sqrt %d : f64
    %lt = arith.cmpf ult, %sq, %z : f64
    %pick = arith.select %lt, %sq, %z : f64
    %tr = arith.truncf %pick : f64 to f32
    %ui = arith.fptoui %pick : f64 to i16
    linalg.yield %tr, %pick, %ui : f32, f64, i16
  }
  return
}
