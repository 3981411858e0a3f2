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
