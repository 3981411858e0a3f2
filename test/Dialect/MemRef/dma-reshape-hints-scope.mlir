// RUN: %roundtrip %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts | FileCheck %s
// RUN: strata-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// DMA transfers, memref.reshape, prefetch and alignment hints, and
// alloca scopes; CHECK lines are what mlir-opt 22 prints.

func.func @dma(%A: memref<256xf32>, %Ah: memref<256xf32, 1>, %tag: memref<1xi32>, %n: index, %c0: index, %s: index, %e: index) {
  memref.dma_start %A[%c0], %Ah[%c0], %n, %tag[%c0] : memref<256xf32>, memref<256xf32, 1>, memref<1xi32>
  memref.dma_wait %tag[%c0], %n : memref<1xi32>
  memref.dma_start %A[%c0], %Ah[%c0], %n, %tag[%c0], %s, %e : memref<256xf32>, memref<256xf32, 1>, memref<1xi32>
  return
}
func.func @reshape(%m: memref<4x1xf32>, %s: memref<1xi32>, %u: memref<*xf32>, %d: memref<?xindex>) -> memref<4xf32> {
  %0 = memref.reshape %m(%s) : (memref<4x1xf32>, memref<1xi32>) -> memref<4xf32>
  %1 = memref.reshape %u(%d) : (memref<*xf32>, memref<?xindex>) -> memref<*xf32>
  return %0 : memref<4xf32>
}
func.func @hints(%m: memref<4x4xf16>, %i: index) -> memref<4x4xf16> {
  memref.prefetch %m[%i, %i], read, locality<3>, data : memref<4x4xf16>
  memref.prefetch %m[%i, %i], write, locality<0>, instr : memref<4x4xf16>
  %0 = memref.assume_alignment %m, 16 : memref<4x4xf16>
  return %0 : memref<4x4xf16>
}
func.func @scope(%n: index) -> f32 {
  memref.alloca_scope {
    %a = memref.alloca(%n) : memref<?xf32>
  }
  %r = memref.alloca_scope -> (f32) {
    %c = arith.constant 1.0 : f32
    memref.alloca_scope.return %c : f32
  }
  %r2:2 = memref.alloca_scope -> (f32, index) {
    %c = arith.constant 1.0 : f32
    memref.alloca_scope.return %c, %n : f32, index
  }
  return %r : f32
}

// CHECK lines: mlir-opt 22 output.
// CHECK-LABEL: func.func @dma(%arg0: memref<256xf32>, %arg1: memref<256xf32, 1>, %arg2: memref<1xi32>, %arg3: index, %arg4: index, %arg5: index, %arg6: index) {
// CHECK: memref.dma_start %arg0[%arg4], %arg1[%arg4], %arg3, %arg2[%arg4] : memref<256xf32>, memref<256xf32, 1>, memref<1xi32>
// CHECK: memref.dma_wait %arg2[%arg4], %arg3 : memref<1xi32>
// CHECK: memref.dma_start %arg0[%arg4], %arg1[%arg4], %arg3, %arg2[%arg4], %arg5, %arg6 : memref<256xf32>, memref<256xf32, 1>, memref<1xi32>
// CHECK-LABEL: func.func @reshape(%arg0: memref<4x1xf32>, %arg1: memref<1xi32>, %arg2: memref<*xf32>, %arg3: memref<?xindex>) -> memref<4xf32> {
// CHECK: %reshape = memref.reshape %arg0(%arg1) : (memref<4x1xf32>, memref<1xi32>) -> memref<4xf32>
// CHECK: %reshape_0 = memref.reshape %arg2(%arg3) : (memref<*xf32>, memref<?xindex>) -> memref<*xf32>
// CHECK-LABEL: func.func @hints(%arg0: memref<4x4xf16>, %arg1: index) -> memref<4x4xf16> {
// CHECK: memref.prefetch %arg0[%arg1, %arg1], read, locality<3>, data : memref<4x4xf16>
// CHECK: memref.prefetch %arg0[%arg1, %arg1], write, locality<0>, instr : memref<4x4xf16>
// CHECK: %assume_align = memref.assume_alignment %arg0, 16 : memref<4x4xf16>
// CHECK-LABEL: func.func @scope(%arg0: index) -> f32 {
// CHECK: memref.alloca_scope  {
// CHECK: %alloca = memref.alloca(%arg0) : memref<?xf32>
// CHECK: %0 = memref.alloca_scope  -> (f32) {
// CHECK: memref.alloca_scope.return %cst : f32
// CHECK: %1:2 = memref.alloca_scope  -> (f32, index) {
// CHECK: memref.alloca_scope.return %cst, %arg0 : f32, index

// GENERIC: "memref.dma_start"(%arg7, %arg11, %arg8, %arg11, %arg10, %arg9, %arg11) : (memref<256xf32>, index, memref<256xf32, 1>, index, index, memref<1xi32>, index) -> ()
// GENERIC: "memref.dma_wait"(%arg9, %arg11, %arg10) : (memref<1xi32>, index, index) -> ()
// GENERIC: "memref.dma_start"(%arg7, %arg11, %arg8, %arg11, %arg10, %arg9, %arg11, %arg12, %arg13) : (memref<256xf32>, index, memref<256xf32, 1>, index, index, memref<1xi32>, index, index, index) -> ()
// GENERIC: "memref.reshape"(%arg3, %arg4) : (memref<4x1xf32>, memref<1xi32>) -> memref<4xf32>
// GENERIC: "memref.reshape"(%arg5, %arg6) : (memref<*xf32>, memref<?xindex>) -> memref<*xf32>
// GENERIC: "memref.prefetch"(%arg1, %arg2, %arg2) <{isDataCache = true, isWrite = false, localityHint = 3 : i32}> : (memref<4x4xf16>, index, index) -> ()
// GENERIC: "memref.prefetch"(%arg1, %arg2, %arg2) <{isDataCache = false, isWrite = true, localityHint = 0 : i32}> : (memref<4x4xf16>, index, index) -> ()
// GENERIC: "memref.assume_alignment"(%arg1) <{alignment = 16 : i32}> : (memref<4x4xf16>) -> memref<4x4xf16>
// GENERIC: "memref.alloca_scope"() ({
// GENERIC: "memref.alloca"(%arg0) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
// GENERIC: "memref.alloca_scope.return"() : () -> ()
// GENERIC: "memref.alloca_scope"() ({
// GENERIC: "memref.alloca_scope.return"(%3) : (f32) -> ()
// GENERIC: "memref.alloca_scope"() ({
// GENERIC: "memref.alloca_scope.return"(%2, %arg0) : (f32, index) -> ()
