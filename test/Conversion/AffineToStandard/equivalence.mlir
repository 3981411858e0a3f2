// Differential test of lower-affine: every function runs in the reference
// interpreter before and after the pass (and after lowering on to cf) on
// random inputs (indices in [-8, 8], so bounds, floordiv, ceildiv and mod
// see negative values), and the results and memref arguments must agree.
// RUN: strata-opt %s --pass-pipeline="builtin.module(lower-affine)" --verify-equivalence --equivalence-trials=20
// RUN: strata-opt %s --pass-pipeline="builtin.module(lower-affine,convert-scf-to-cf)" --verify-equivalence --equivalence-trials=20 --equivalence-seed=7
// The same functions run directly, so the check above is not vacuous.
// RUN: strata-run %s --entry divmod --input=-7 --input 5 --print | FileCheck %s --check-prefix=DIVMOD
// RUN: strata-run %s --entry bounds --input 3 --input 1 --print | FileCheck %s --check-prefix=BOUNDS
// RUN: strata-opt %s --pass-pipeline="builtin.module(lower-affine)" | strata-run - --entry divmod --input=-7 --input 5 --print | FileCheck %s --check-prefix=DIVMOD

// -7 floordiv 3, -7 ceildiv 4, -7 mod 5, min(-14, 4, 7), max(-7 mod 3, 5 floordiv 2 + 7)
// DIVMOD: -3 : index
// DIVMOD-NEXT: -1 : index
// DIVMOD-NEXT: 3 : index
// DIVMOD-NEXT: -14 : index
// DIVMOD-NEXT: 9 : index

// i from max(1, 1) to min(8, 4, 16) step 2: i = 1, 3; sum of 3i + 0
// BOUNDS: 12 : index

#lb = affine_map<(d0)[s0] -> (d0 - 2, s0)>
#ub = affine_map<(d0)[s0] -> (d0 + 5, s0 + 3, 16)>
#set = affine_set<(d0, d1)[s0] : (d0 - d1 >= 0, s0 - d0 - 1 >= 0, d0 mod 2 == 0)>

func.func @bounds(%a: index, %b: index) -> index {
  %z = arith.constant 0 : index
  %r = affine.for %i = max #lb(%a)[%b] to min #ub(%a)[%b] step 2 iter_args(%acc = %z) -> (index) {
    %t = affine.apply affine_map<(d0)[s0] -> (d0 * 3 + s0 floordiv 2)>(%i)[%b]
    %s = arith.addi %acc, %t : index
    affine.yield %s : index
  }
  return %r : index
}

func.func @divmod(%a: index, %b: index) -> (index, index, index, index, index) {
  %0 = affine.apply affine_map<(d0) -> (d0 floordiv 3)>(%a)
  %1 = affine.apply affine_map<(d0) -> (d0 ceildiv 4)>(%a)
  %2 = affine.apply affine_map<(d0) -> (d0 mod 5)>(%a)
  %3 = affine.min affine_map<(d0, d1) -> (d0 * 2, d1 - 1, 7)>(%a, %b)
  %4 = affine.max affine_map<(d0)[s0] -> (d0 mod 3, s0 floordiv 2 - d0)>(%a)[%b]
  return %0, %1, %2, %3, %4 : index, index, index, index, index
}

func.func @conditional(%a: index, %b: index, %n: index, %x: f32, %y: f32) -> f32 {
  %r = affine.if #set(%a, %b)[%n] -> f32 {
    affine.yield %x : f32
  } else {
    %s = arith.subf %x, %y : f32
    affine.yield %s : f32
  }
  return %r : f32
}

func.func @triangle(%A: memref<8x8xf32>, %B: memref<8x8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      %v = affine.load %A[%i, %j] : memref<8x8xf32>
      %w = affine.load %A[%j, %i] : memref<8x8xf32>
      %s = arith.addf %v, %w : f32
      affine.store %s, %B[%i, 7 - %j] : memref<8x8xf32>
    }
    affine.if affine_set<(d0) : (d0 - 4 >= 0)>(%i) {
      %c = arith.constant 0.5 : f32
      affine.store %c, %B[%i, %i floordiv 2] : memref<8x8xf32>
    }
  }
  return
}

func.func @stencil(%A: memref<16xf32>, %B: memref<16xf32>) {
  affine.for %i = 1 to 15 {
    %l = affine.load %A[%i - 1] : memref<16xf32>
    %c = affine.load %A[%i] : memref<16xf32>
    %r = affine.load %A[%i + 1] : memref<16xf32>
    %s = arith.addf %l, %c : f32
    %t = arith.addf %s, %r : f32
    affine.store %t, %B[%i] : memref<16xf32>
  }
  return
}

func.func @dyn(%A: memref<?x?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xi32>
  %n = memref.dim %A, %c1 : memref<?x?xi32>
  %z = arith.constant 0 : i32
  %r = affine.for %i = 0 to %m iter_args(%acc = %z) -> (i32) {
    %r2 = affine.for %j = affine_map<(d0) -> (d0)>(%i) to %n step 3 iter_args(%a2 = %acc) -> (i32) {
      %v = affine.load %A[%i, %j] : memref<?x?xi32>
      %s = arith.addi %a2, %v : i32
      affine.yield %s : i32
    }
    affine.yield %r2 : i32
  }
  return %r : i32
}

func.func @tiled_copy(%A: memref<10x10xf32>, %B: memref<10x10xf32>) {
  affine.for %ii = 0 to 10 step 4 {
    affine.for %jj = 0 to 10 step 3 {
      affine.for %i = affine_map<(d0) -> (d0)>(%ii) to min affine_map<(d0) -> (d0 + 4, 10)>(%ii) {
        affine.for %j = affine_map<(d0) -> (d0)>(%jj) to min affine_map<(d0) -> (d0 + 3, 10)>(%jj) {
          %v = affine.load %A[%i, %j] : memref<10x10xf32>
          affine.store %v, %B[%j, %i] : memref<10x10xf32>
        }
      }
    }
  }
  return
}

func.func @vector_rows(%A: memref<4x16xf32>, %B: memref<4x16xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 16 step 8 {
      %v = affine.vector_load %A[%i, %j] : memref<4x16xf32>, vector<8xf32>
      %w = affine.vector_load %A[3 - %i, 15 - %j - 7] : memref<4x16xf32>, vector<8xf32>
      %s = arith.addf %v, %w : vector<8xf32>
      affine.vector_store %s, %B[%i, %j] : memref<4x16xf32>, vector<8xf32>
    }
  }
  return
}
