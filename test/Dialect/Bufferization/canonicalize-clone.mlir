// bufferization.clone's SimplifyClones: a clone whose own deallocation (or
// its source buffer's, through views) is in its block is the source, and
// that deallocation goes, unless something is freed in between; an unused
// clone goes. The CHECK lines are mlir-opt 22's output.
// RUN: strata-opt %s --canonicalize | FileCheck %s
// RUN: strata-opt %s --canonicalize --verify-equivalence=clone_then_dealloc

// CHECK-LABEL: func.func @clone_then_dealloc(%arg0: f32) -> memref<1xf32> {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %alloc = memref.alloc() : memref<1xf32>
// CHECK-NEXT:   memref.store %arg0, %alloc[%c0] : memref<1xf32>
// CHECK-NEXT:   %0 = memref.load %alloc[%c0] : memref<1xf32>
// CHECK-NEXT:   memref.store %0, %alloc[%c0] : memref<1xf32>
// CHECK-NEXT:   return %alloc : memref<1xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @clone_of_view_then_source_dealloc(%arg0: index) -> memref<2xf32, strided<[1], offset: ?>> {
// CHECK-NEXT:   %alloc = memref.alloc() : memref<8xf32>
// CHECK-NEXT:   %subview = memref.subview %alloc[%arg0] [2] [1] : memref<8xf32> to memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT:   return %subview : memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @free_in_between(%arg0: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:   %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT:   %0 = bufferization.clone %alloc : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:   memref.dealloc %arg0 : memref<4xf32>
// CHECK-NEXT:   memref.dealloc %alloc : memref<4xf32>
// CHECK-NEXT:   return %0 : memref<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @unused_clone(%arg0: memref<4xf32>) {
// CHECK-NEXT:   return
// CHECK-NEXT: }

func.func @clone_then_dealloc(%x: f32) -> memref<1xf32> {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<1xf32>
  memref.store %x, %0[%c0] : memref<1xf32>
  %1 = bufferization.clone %0 : memref<1xf32> to memref<1xf32>
  %y = memref.load %1[%c0] : memref<1xf32>
  memref.store %y, %0[%c0] : memref<1xf32>
  memref.dealloc %1 : memref<1xf32>
  return %0 : memref<1xf32>
}
func.func @clone_of_view_then_source_dealloc(%i: index) -> memref<2xf32, strided<[1], offset: ?>> {
  %0 = memref.alloc() : memref<8xf32>
  %v = memref.subview %0[%i] [2] [1] : memref<8xf32> to memref<2xf32, strided<[1], offset: ?>>
  %1 = bufferization.clone %v : memref<2xf32, strided<[1], offset: ?>> to memref<2xf32, strided<[1], offset: ?>>
  memref.dealloc %0 : memref<8xf32>
  return %1 : memref<2xf32, strided<[1], offset: ?>>
}
func.func @free_in_between(%a: memref<4xf32>) -> memref<4xf32> {
  %0 = memref.alloc() : memref<4xf32>
  %1 = bufferization.clone %0 : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return %1 : memref<4xf32>
}
func.func @unused_clone(%a: memref<4xf32>) {
  %1 = bufferization.clone %a : memref<4xf32> to memref<4xf32>
  return
}
