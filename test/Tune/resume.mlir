// The tuning log makes a run resumable: 4 trials, then the same command
// with 8 continues after the 4 in the log, and once more measures nothing.
// Another explorer's run in the same log is its own (random search below).
// An int8 matmul, so the int8= option is in the space. The best pipeline
// the resumed run prints, given to strata-opt as printed, then run through
// strata-run --target c, computes the interpreter's result bit for bit.
// REQUIRES: strata-tune
// RUN: rm -f %t.jsonl
// RUN: strata-tune %s --entry mm --trials 4 --seed 2 --log %t.jsonl --repeat 1 --warmup 0 | FileCheck %s --check-prefix=FIRST
// RUN: strata-tune %s --entry mm --trials 8 --seed 2 --log %t.jsonl --repeat 1 --warmup 0 | FileCheck %s --check-prefix=SECOND
// RUN: strata-tune %s --entry mm --trials 8 --seed 2 --log %t.jsonl --repeat 1 --warmup 0 > %t.third
// RUN: FileCheck %s --check-prefix=THIRD < %t.third
// RUN: sed -n 's/^best pipeline: //p' %t.third | xargs strata-opt %s -o %t.opt.mlir
// RUN: strata-run %t.opt.mlir --entry mm --target c --random-inputs --seed 5 --output %t.a.npy --output %t.b.npy --output %t.c.npy
// RUN: strata-run %s --entry mm --random-inputs --seed 5 --output %t.a0.npy --output %t.b0.npy --output %t.c0.npy
// RUN: python3 %S/../utils/npy_compare.py %t.c0.npy %t.c.npy | FileCheck %s --check-prefix=EXACT
// RUN: count 8 < %t.jsonl
// RUN: strata-tune %s --entry mm --trials 3 --seed 2 --log %t.jsonl --explorer random --repeat 1 --warmup 0 | FileCheck %s --check-prefix=RANDOM
// RUN: count 11 < %t.jsonl
// RUN: FileCheck %s --check-prefix=LOG < %t.jsonl

// FIRST:  4 trials (0 from the log, 4 measured now): 4 valid, 0 invalid
// SECOND: 8 trials (4 from the log, 4 measured now): 8 valid, 0 invalid
// THIRD:  8 trials (8 from the log, 0 measured now): 8 valid, 0 invalid
// THIRD-NEXT: best pipeline: --pass-pipeline='builtin.module(x86-vectorize{isa={{avx2|vnni}} {{.*}} int8={{auto|bytes|pairs}}},
// EXACT: OK: 800 elements bit-exact
// RANDOM: 3 trials (0 from the log, 3 measured now): 3 valid, 0 invalid
// RANDOM: int8={{auto|bytes|pairs}}

// LOG: {"explorer":"cga","seed":2,"trial":0,"assignment":{{{.*}}"int8":{{[0-2]}},{{.*}}"kc":{{[0-9]+}},{{.*}}"cost":
// LOG: {"explorer":"cga","seed":2,"trial":7,
// LOG: {"explorer":"random","seed":2,"trial":2,

func.func @mm(%a: memref<20x48xi8>, %b: memref<48x40xi8>, %c: memref<20x40xi32>) {
  %zero = arith.constant 0 : i32
  linalg.fill ins(%zero : i32) outs(%c : memref<20x40xi32>)
  linalg.matmul ins(%a, %b : memref<20x48xi8>, memref<48x40xi8>) outs(%c : memref<20x40xi32>)
  return
}
