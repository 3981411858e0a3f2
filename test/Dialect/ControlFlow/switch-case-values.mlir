// RUN: %roundtrip %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts | FileCheck %s

// mlir-opt 22 prints case values zero-extended to the flag's width.
// CHECK-LABEL: func.func @narrow(%arg0: i8) {
// CHECK-NEXT: cf.switch %arg0 : i8, [
// CHECK-NEXT:   default: ^bb1,
// CHECK-NEXT:   253: ^bb1,
// CHECK-NEXT:   128: ^bb1,
// CHECK-NEXT:   7: ^bb1
// CHECK-NEXT: ]
func.func @narrow(%flag: i8) {
  cf.switch %flag : i8, [default: ^bb1, -3: ^bb1, -128: ^bb1, 7: ^bb1]
^bb1:
  return
}

// (i64 values with the sign bit set also print zero-extended, e.g.
// 18446744073709551615 for -1, which mlir-opt 22 then cannot read back; so
// they are not exercised here.)

// CHECK-LABEL: func.func @bool(%arg0: i1) {
// CHECK:   1: ^bb1
func.func @bool(%flag: i1) {
  cf.switch %flag : i1, [default: ^bb1, 1: ^bb1]
^bb1:
  return
}
