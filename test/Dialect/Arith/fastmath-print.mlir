// RUN: %roundtrip %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts | FileCheck %s
// RUN: strata-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// MLIR 22 separates fast-math flags with ',' but overflow flags with ', '.
// CHECK-LABEL: func.func @flags(%arg0: f32, %arg1: i32) {
// CHECK-NEXT: %0 = arith.addf %arg0, %arg0 fastmath<nnan,ninf> : f32
// CHECK-NEXT: %1 = arith.mulf %arg0, %arg0 fastmath<reassoc,nsz,contract> : f32
// CHECK-NEXT: %2 = arith.addi %arg1, %arg1 overflow<nsw, nuw> : i32
// GENERIC: <{fastmath = #arith.fastmath<nnan,ninf>}>
// GENERIC: <{fastmath = #arith.fastmath<reassoc,nsz,contract>}>
// GENERIC: <{overflowFlags = #arith.overflow<nsw, nuw>}>
func.func @flags(%a: f32, %i: i32) {
  %0 = arith.addf %a, %a fastmath<ninf, nnan> : f32
  %1 = arith.mulf %a, %a fastmath<contract,reassoc,nsz> : f32
  %2 = arith.addi %i, %i overflow<nuw, nsw> : i32
  return
}
