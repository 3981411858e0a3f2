// RUN: %roundtrip %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts | FileCheck %s
// RUN: strata-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @grow(%arg0: memref<3xi8>, %arg1: index) -> memref<?xi8> {
// CHECK-NEXT: %0 = memref.realloc %arg0(%arg1) : memref<3xi8> to memref<?xi8>
// CHECK-NEXT: %1 = memref.realloc %arg0 {alignment = 16 : i64} : memref<3xi8> to memref<6xi8>
// CHECK-NEXT: %intptr = memref.extract_aligned_pointer_as_index %0 : memref<?xi8> -> index
// GENERIC: "memref.realloc"(%arg0, %arg1) : (memref<3xi8>, index) -> memref<?xi8>
// GENERIC: "memref.realloc"(%arg0) <{alignment = 16 : i64}> : (memref<3xi8>) -> memref<6xi8>
// GENERIC: "memref.extract_aligned_pointer_as_index"(%0) : (memref<?xi8>) -> index
func.func @grow(%m: memref<3xi8>, %n: index) -> memref<?xi8> {
  %0 = memref.realloc %m(%n) : memref<3xi8> to memref<?xi8>
  %1 = memref.realloc %m {alignment = 16} : memref<3xi8> to memref<6xi8>
  %p = memref.extract_aligned_pointer_as_index %0 : memref<?xi8> -> index
  return %0 : memref<?xi8>
}
