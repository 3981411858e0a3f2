// RUN: %roundtrip %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts | FileCheck %s
// RUN: strata-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// MLIR's format leaves a space before each newline after the arrow types;
// case regions keep their terminators, the default region elides a bare one.
// CHECK-LABEL: func.func @pick(%arg0: index, %arg1: f32) -> f32 {
// CHECK-NEXT: %0 = scf.index_switch %arg0 -> f32 {{$}}
// CHECK-NEXT: case -4 {
// CHECK-NEXT:   %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:   scf.yield %cst : f32
// CHECK-NEXT: }
// CHECK-NEXT: case 9 {
// CHECK-NEXT:   scf.yield %arg1 : f32
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT:   scf.yield %arg1 : f32
// CHECK-NEXT: }
// CHECK-NEXT: scf.index_switch %arg0 {tag} {{$}}
// CHECK-NEXT: default {
// CHECK-NEXT: }
// GENERIC: "scf.index_switch"(%arg0) <{cases = array<i64: -4, 9>}> ({
// GENERIC: "scf.index_switch"(%arg0) <{cases = array<i64>}> ({
// GENERIC-NEXT: "scf.yield"() : () -> ()
// GENERIC-NEXT: }) {tag} : (index) -> ()
func.func @pick(%i: index, %x: f32) -> f32 {
  %r = scf.index_switch %i -> f32
  case -4 {
    %one = arith.constant 1.0 : f32
    scf.yield %one : f32
  }
  case 9 {
    scf.yield %x : f32
  }
  default {
    scf.yield %x : f32
  }
  scf.index_switch %i {tag}
  default {
  }
  return %r : f32
}

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
// GENERIC-LABEL: "func.func"() <{function_type = (index, memref<i32>, i32) -> (), sym_name = "store"}>
// GENERIC: "memref.store"(%arg2, %arg1) : (i32, memref<i32>) -> ()
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
