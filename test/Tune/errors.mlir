// strata-tune's errors: located in the file, an empty space explained by
// the constraints that conflict, bad flags named.
// REQUIRES: strata-tune
// RUN: split-file %s %t
// RUN: not strata-tune %t/narrow.mlir --entry mm 2>&1 | FileCheck %s --check-prefix=NARROW
// RUN: not strata-tune %t/none.mlir --entry f 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not strata-tune %t/two.mlir --entry mm 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: not strata-tune %t/dynamic.mlir --entry mm 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: not strata-tune %t/syntax.mlir --entry mm 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not strata-tune %t/narrow.mlir --entry nope 2>&1 | FileCheck %s --check-prefix=ENTRY
// RUN: not strata-tune %t/narrow.mlir --entry mm --target vta 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not strata-tune %t/narrow.mlir --entry mm --explorer hill 2>&1 | FileCheck %s --check-prefix=EXPLORER
// RUN: not strata-tune %t/missing.mlir --entry mm 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not strata-tune %t/ok.mlir --entry mm --max-steps 100 2>&1 | FileCheck %s --check-prefix=STEPS
// RUN: printf '{"explorer":"cga","seed":1,"trial":"x"}\n' > %t/bad.jsonl
// RUN: not strata-tune %t/ok.mlir --entry mm --trials 2 --log %t/bad.jsonl 2>&1 | FileCheck %s --check-prefix=LOG
// Measurements that fail are invalid trials, logged with the reason, never
// a best; with no valid trial the run fails.
// RUN: rm -f %t/slow.jsonl
// RUN: not strata-tune %t/ok.mlir --entry mm --trials 2 --timeout 0.000001 --repeat 1 --log %t/slow.jsonl > %t/slow.out 2> %t/slow.err
// RUN: FileCheck %s --check-prefix=SLOW < %t/slow.out
// RUN: FileCheck %s --check-prefix=SLOWERR < %t/slow.err
// RUN: FileCheck %s --check-prefix=SLOWLOG < %t/slow.jsonl
// A log of another problem: the run asks for other candidates than the
// log holds, and stops at the first.
// RUN: rm -f %t/other.jsonl
// RUN: strata-tune %t/ok.mlir --entry mm --trials 2 --log %t/other.jsonl --repeat 1 --warmup 0 > /dev/null
// RUN: not strata-tune %t/wide.mlir --entry mm --trials 4 --log %t/other.jsonl --repeat 1 --warmup 0 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: count 2 < %t/other.jsonl

// NARROW: narrow.mlir:4:3: error: no x86-vectorize schedule of this 16x4x32 f32 matmul (M x N x K) fits this CPU ({{.*}}); these constraints have no solution together:
// NARROW-NEXT: linalg.matmul
// NARROW-NEXT: ^
// NARROW-NEXT: LE(nr, 4) {{ *}}# a microkernel panel within the problem's N = 4
// NARROW-NEXT: where nr in 8..64

// NONE: none.mlir:1:1: error: this function has no linalg.matmul or linalg.conv_2d_nchw_fchw to tune
// TWO: two.mlir:3:3: error: the function has 2 linalg.matmul / linalg.conv_2d_nchw_fchw ops; strata-tune tunes one
// DYNAMIC: dynamic.mlir:2:3: error: operand #0 of 'linalg.matmul' is not a statically shaped memref with the identity layout
// SYNTAX: syntax.mlir:2:
// SYNTAX-SAME: error:
// ENTRY: narrow.mlir:1:1: error: no func.func named '@nope' in this file
// TARGET: strata-tune: error: unknown target 'vta'
// EXPLORER: strata-tune: error: unknown explorer 'hill' (cga, random, ga or annealing)
// MISSING: strata-tune: error: could not open input file '{{.*}}missing.mlir'
// STEPS: ok.mlir:1:1: error: the interpreter failed: step limit of 100 ops exceeded
// STEPS: note: --max-steps raises the limit of the interpreter's reference run
// LOG: {{^.*}}bad.jsonl:1:{{[0-9]+}}: error: invalid type: string "x", expected u64
// LOG-NOT: strata-tune: error
// SLOW:      trial  options
// SLOW-NEXT: invalid trial 0: the program ran longer than 0.000001 s and was killed
// SLOW-NEXT: invalid trial 1: the program ran longer than 0.000001 s and was killed
// SLOW-NEXT: 2 trials (0 from the log, 2 measured now): 0 valid, 2 invalid
// SLOWERR: strata-tune: error: no valid schedule was measured (2 invalid trials; the first reasons are above)
// SLOWLOG: {"explorer":"cga","seed":1,"trial":0,"assignment":{{{.*}}},"invalid":"the program ran longer than 0.000001 s and was killed","best":null}
// OTHER: other.jsonl:1:1: error: trial 0 of cga seed 1 measured another candidate ({{.*}}) than this run asks for ({{.*}})
// OTHER-NEXT: note: a log continues one problem on one CPU; give this run another --log or --seed

//--- narrow.mlir
func.func @mm(%a: memref<16x32xf32>, %b: memref<32x4xf32>, %c: memref<16x4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<16x4xf32>)
  linalg.matmul ins(%a, %b : memref<16x32xf32>, memref<32x4xf32>) outs(%c : memref<16x4xf32>)
  return
}
//--- ok.mlir
func.func @mm(%a: memref<16x32xf32>, %b: memref<32x16xf32>, %c: memref<16x16xf32>) {
  linalg.matmul ins(%a, %b : memref<16x32xf32>, memref<32x16xf32>) outs(%c : memref<16x16xf32>)
  return
}
//--- wide.mlir
func.func @mm(%a: memref<24x32xf32>, %b: memref<32x24xf32>, %c: memref<24x24xf32>) {
  linalg.matmul ins(%a, %b : memref<24x32xf32>, memref<32x24xf32>) outs(%c : memref<24x24xf32>)
  return
}
//--- none.mlir
func.func @f(%a: memref<4xf32>) {
  return
}
//--- two.mlir
func.func @mm(%a: memref<16x16xf32>, %b: memref<16x16xf32>, %c: memref<16x16xf32>) {
  linalg.matmul ins(%a, %b : memref<16x16xf32>, memref<16x16xf32>) outs(%c : memref<16x16xf32>)
  linalg.matmul ins(%a, %b : memref<16x16xf32>, memref<16x16xf32>) outs(%c : memref<16x16xf32>)
  return
}
//--- dynamic.mlir
func.func @mm(%a: memref<?x16xf32>, %b: memref<16x16xf32>, %c: memref<?x16xf32>) {
  linalg.matmul ins(%a, %b : memref<?x16xf32>, memref<16x16xf32>) outs(%c : memref<?x16xf32>)
  return
}
//--- syntax.mlir
func.func @mm(%a: memref<16x16xf32>) {
  linalg.matmul ins(%a, %a : memref<16x16xf32>) outs(%a : memref<16x16xf32>)
  return
}
