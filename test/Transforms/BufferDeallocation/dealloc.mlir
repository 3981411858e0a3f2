// RUN: strata-opt %s --buffer-deallocation-pipeline | FileCheck %s
// RUN: strata-opt %s --buffer-deallocation-pipeline --verify-equivalence=branches --equivalence-trials 8 > /dev/null
// RUN: strata-opt %s --buffer-deallocation-pipeline --verify-equivalence=iter > /dev/null
// RUN: not strata-run %s --entry straight --random-inputs --check-leaks 2>&1 | FileCheck %s --check-prefix=LEAK
// RUN: strata-opt %s --buffer-deallocation-pipeline | strata-run - --entry straight --random-inputs --check-leaks
// RUN: strata-opt %s --buffer-deallocation-pipeline | strata-run - --entry branches --random-inputs --seed 1 --check-leaks
// RUN: strata-opt %s --buffer-deallocation-pipeline | strata-run - --entry branches --random-inputs --seed 2 --check-leaks
// RUN: strata-opt %s --buffer-deallocation-pipeline | strata-run - --entry branches --random-inputs --seed 3 --check-leaks
// RUN: strata-opt %s --buffer-deallocation-pipeline | strata-run - --entry iter --random-inputs --check-leaks
// RUN: strata-opt %s --buffer-deallocation-pipeline | strata-run - --entry returned_view --random-inputs --check-leaks

// Allocations freed at the end of the block that made them: in a loop
// body, after an scf.for that carries the buffer, after an scf.if whose
// branches each allocate (its base buffer, as MLIR frees any non-alloc);
// returned buffers and buffers viewed by a returned subview are kept.
// CHECK lines are mlir-opt 22's `--buffer-deallocation-pipeline` output;
// strata-run --check-leaks fails before the pass and passes after it.
// LEAK: 4 buffer(s) allocated by '@straight' are never deallocated

// CHECK: module {
// CHECK-NEXT:   func.func @straight(%arg0: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:     %c3 = arith.constant 3 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT:     %alloc_0 = memref.alloc() : memref<4xf32>
// CHECK-NEXT:     memref.copy %arg0, %alloc : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:     memref.copy %alloc, %alloc_0 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:     scf.for %arg1 = %c0 to %c3 step %c1 {
// CHECK-NEXT:       %alloc_1 = memref.alloc() : memref<4xf32>
// CHECK-NEXT:       memref.copy %alloc_0, %alloc_1 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:       memref.copy %alloc_1, %arg0 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:       memref.dealloc %alloc_1 : memref<4xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     memref.dealloc %alloc : memref<4xf32>
// CHECK-NEXT:     return %alloc_0 : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT:   func.func @branches(%arg0: i1, %arg1: memref<4xf32>) -> f32 {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:     %0 = scf.if %arg0 -> (memref<4xf32>) {
// CHECK-NEXT:       %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT:       memref.copy %arg1, %alloc : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:       scf.yield %alloc : memref<4xf32>
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT:       linalg.fill ins(%cst : f32) outs(%alloc : memref<4xf32>)
// CHECK-NEXT:       scf.yield %alloc : memref<4xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     %1 = memref.load %0[%c0] : memref<4xf32>
// CHECK-NEXT:     %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0 : memref<4xf32> -> memref<f32>, index, index, index
// CHECK-NEXT:     memref.dealloc %base_buffer : memref<f32>
// CHECK-NEXT:     return %1 : f32
// CHECK-NEXT: }
// CHECK-NEXT:   func.func @iter(%arg0: memref<4xf32>) -> f32 {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT:     memref.copy %arg0, %alloc : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:     scf.for %arg1 = %c0 to %c4 step %c1 {
// CHECK-NEXT:       %1 = memref.load %alloc[%arg1] : memref<4xf32>
// CHECK-NEXT:       %2 = arith.addf %1, %1 : f32
// CHECK-NEXT:       memref.store %2, %alloc[%c0] : memref<4xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     %subview = memref.subview %alloc[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT:     %0 = memref.load %subview[%c0] : memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT:     memref.dealloc %alloc : memref<4xf32>
// CHECK-NEXT:     return %0 : f32
// CHECK-NEXT: }
// CHECK-NEXT:   func.func @returned_view(%arg0: memref<4xf32>) -> memref<2xf32, strided<[1], offset: 1>> {
// CHECK-NEXT:     %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT:     memref.copy %arg0, %alloc : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:     %subview = memref.subview %alloc[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT:     return %subview : memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT: }

func.func @straight(%a: memref<4xf32>) -> memref<4xf32> {
  %0 = memref.alloc() : memref<4xf32>
  %1 = memref.alloc() : memref<4xf32>
  memref.copy %a, %0 : memref<4xf32> to memref<4xf32>
  memref.copy %0, %1 : memref<4xf32> to memref<4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %2 = memref.alloc() : memref<4xf32>
    memref.copy %1, %2 : memref<4xf32> to memref<4xf32>
    memref.copy %2, %a : memref<4xf32> to memref<4xf32>
  }
  return %1 : memref<4xf32>
}

func.func @branches(%c: i1, %a: memref<4xf32>) -> f32 {
  %0 = scf.if %c -> (memref<4xf32>) {
    %1 = memref.alloc() : memref<4xf32>
    memref.copy %a, %1 : memref<4xf32> to memref<4xf32>
    scf.yield %1 : memref<4xf32>
  } else {
    %2 = memref.alloc() : memref<4xf32>
    %cst = arith.constant 1.0 : f32
    linalg.fill ins(%cst : f32) outs(%2 : memref<4xf32>)
    scf.yield %2 : memref<4xf32>
  }
  %c0 = arith.constant 0 : index
  %v = memref.load %0[%c0] : memref<4xf32>
  return %v : f32
}

func.func @iter(%a: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = memref.alloc() : memref<4xf32>
  memref.copy %a, %0 : memref<4xf32> to memref<4xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%b = %0) -> (memref<4xf32>) {
    %v = memref.load %b[%i] : memref<4xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %b[%c0] : memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  %s = memref.subview %r[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %x = memref.load %s[%c0] : memref<2xf32, strided<[1], offset: 1>>
  return %x : f32
}

func.func @returned_view(%a: memref<4xf32>) -> memref<2xf32, strided<[1], offset: 1>> {
  %0 = memref.alloc() : memref<4xf32>
  memref.copy %a, %0 : memref<4xf32> to memref<4xf32>
  %s = memref.subview %0[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  return %s : memref<2xf32, strided<[1], offset: 1>>
}
