// RUN: %roundtrip %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts | FileCheck %s

// CHECK-LABEL: func.func @dup(%arg0: memref<2x?xi16>) -> memref<2x?xi16> {
// CHECK-NEXT: %0 = bufferization.clone %arg0 : memref<2x?xi16> to memref<2x?xi16>
func.func @dup(%b: memref<2x?xi16>) -> memref<2x?xi16> {
  %c = bufferization.clone %b : memref<2x?xi16> to memref<2x?xi16>
  return %c : memref<2x?xi16>
}
