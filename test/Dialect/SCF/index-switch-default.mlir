// RUN: %roundtrip %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts | FileCheck %s
// RUN: strata-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// The default region's operand-less terminator is left out even when the
// region holds other ops, as MLIR's generated printer does; case regions
// print theirs.
// CHECK-LABEL: func.func @store(%arg0: index, %arg1: memref<i32>, %arg2: i32) {
// CHECK-NEXT: scf.index_switch %arg0 {{$}}
// CHECK-NEXT: case 2 {
// CHECK-NEXT:   memref.store %arg2, %arg1[] : memref<i32>
// CHECK-NEXT:   scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT:   memref.store %arg2, %arg1[] : memref<i32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// GENERIC: "scf.index_switch"(%arg0) <{cases = array<i64: 2>}> ({
// GENERIC-NEXT: "memref.store"(%arg2, %arg1) : (i32, memref<i32>) -> ()
// GENERIC-NEXT: "scf.yield"() : () -> ()
// GENERIC-NEXT: }, {
// GENERIC-NEXT: "memref.store"(%arg2, %arg1) : (i32, memref<i32>) -> ()
// GENERIC-NEXT: "scf.yield"() : () -> ()
// GENERIC-NEXT: }) : (index) -> ()
func.func @store(%i: index, %m: memref<i32>, %v: i32) {
  scf.index_switch %i
  case 2 {
    memref.store %v, %m[] : memref<i32>
    scf.yield
  }
  default {
    memref.store %v, %m[] : memref<i32>
    scf.yield
  }
  return
}
