// Every target runs a program of the standard dialects on tensors with no
// pipeline from the user: only the entry and what it reaches are kept (the
// function @pack, which no target's pipeline takes, does not stop @mm),
// then the target's default pipeline runs (--print-pipeline shows it;
// --pipeline replaces it).

// RUN: strata-run %s --entry mm --random-inputs --seed 3 --print > %t.interp
// RUN: strata-run %s --entry mm --random-inputs --seed 3 --print --target c > %t.c
// RUN: diff %t.interp %t.c
// RUN: %if llvm %{ strata-run %s --entry mm --random-inputs --seed 3 --print --target jit > %t.jit %}
// RUN: %if llvm %{ diff %t.interp %t.jit %}
// The results print as the tensors the function returns on every target.
// RUN: FileCheck %s --check-prefix=PRINT < %t.c
// PRINT: dense<{{.*}}> : tensor<8x4xf32>{{$}}

// The named matmul goes through x86-vectorize's FMA kernels on the C
// target: equal to the interpreter within f32 rounding, checked by --expect.
// RUN: strata-run %s --entry named --random-inputs --seed 4 --output %t.named.npy
// RUN: strata-run %s --entry named --random-inputs --seed 4 --target c --expect %t.named.npy --rtol 1e-5 --atol 1e-6 | FileCheck %s --check-prefix=NAMED
// NAMED: expect: result #0 matches '{{.*}}named.npy' (32 elements

// Elementwise arith on tensors becomes linalg first.
// RUN: strata-run %s --entry other --random-inputs --seed 6 --print > %t.other.interp
// RUN: strata-run %s --entry other --random-inputs --seed 6 --print --target c > %t.other.c
// RUN: diff %t.other.interp %t.other.c
// RUN: %if llvm %{ strata-run %s --entry other --random-inputs --seed 6 --print --target jit > %t.other.jit %}
// RUN: %if llvm %{ diff %t.other.interp %t.other.jit %}

// Calls and globals the entry reaches are kept.
// RUN: strata-run %s --entry caller --random-inputs --seed 5 --print > %t.caller.interp
// RUN: strata-run %s --entry caller --random-inputs --seed 5 --print --target c > %t.caller.c
// RUN: diff %t.caller.interp %t.caller.c

// RUN: strata-run %s --entry mm --random-inputs --target c --print-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=PIPE-C
// PIPE-C: pipeline: builtin.module(func.func(convert-elementwise-to-linalg),one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},x86-vectorize{isa=native},func.func(convert-linalg-to-loops),lower-affine)
// RUN: strata-run %s --entry mm --random-inputs --print-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=PIPE-INTERP
// PIPE-INTERP: pipeline: (none: the target runs the program as given)

// --pipeline replaces the default; an empty one runs the program as given,
// which the C back end cannot translate.
// RUN: strata-run %s --entry mm --random-inputs --seed 3 --print --target c --pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(convert-linalg-to-loops),lower-affine)' > %t.c2
// RUN: diff %t.interp %t.c2
// RUN: not strata-run %s --entry mm --random-inputs --target c --pipeline= 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: error: 'func.func' op the C back end does not support the type 'tensor<8x16xf32>'
// RUN: not strata-run %s --entry mm --random-inputs --target c --pipeline='builtin.module(bogus)' 2>&1 | FileCheck %s --check-prefix=BOGUS
// BOGUS: strata-run: error: --pipeline: MLIR Textual PassPipeline Parser:1:16: error: 'bogus' does not refer to a registered pass or pass pipeline

// A function the default pipeline cannot take says why, at the op.
// RUN: not strata-run %s --entry pack --random-inputs --target c 2>&1 | FileCheck %s --check-prefix=PACK
// PACK: tensor-programs.mlir:[[@LINE+9]]:8: error: op was not bufferized
// RUN: not strata-run %s --entry missing --target c 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: strata-run: error: no function named '@missing' in {{.*}}tensor-programs.mlir

#map_a = affine_map<(m, n, k) -> (m, k)>
#map_b = affine_map<(m, n, k) -> (k, n)>
#map_c = affine_map<(m, n, k) -> (m, n)>

func.func @pack(%t: tensor<4xf32>, %d: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %r = linalg.pack %t inner_dims_pos = [0] inner_tiles = [2] into %d : tensor<4xf32> -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

func.func @other(%t: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = arith.addf %t, %t : tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

func.func @mm(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<8x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<8x4xf32>) -> tensor<8x4xf32>
  %r = linalg.generic {indexing_maps = [#map_a, #map_b, #map_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<8x16xf32>, tensor<16x4xf32>) outs(%init : tensor<8x4xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

func.func @named(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<8x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<8x4xf32>) -> tensor<8x4xf32>
  %r = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x4xf32>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

memref.global "private" constant @bias : memref<4xi32> = dense<[1, -2, 3, -4]>

func.func private @scale(%x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %r = arith.muli %x, %c3 : i32
  return %r : i32
}

func.func @caller(%v: memref<4xi32>) {
  %g = memref.get_global @bias : memref<4xi32>
  affine.for %i = 0 to 4 {
    %x = affine.load %v[%i] : memref<4xi32>
    %b = affine.load %g[%i] : memref<4xi32>
    %s = func.call @scale(%x) : (i32) -> i32
    %r = arith.addi %s, %b : i32
    affine.store %r, %v[%i] : memref<4xi32>
  }
  return
}
