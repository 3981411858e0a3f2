// RUN: %roundtrip %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts | FileCheck %s
// RUN: strata-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @g(%arg0: vector<2xf64>, %arg1: f16, %arg2: f16, %arg3: f16) -> (vector<2xf64>, f16) {
// CHECK-NEXT: %sin, %cos = math.sincos %arg0 fastmath<afn> : vector<2xf64>
// CHECK-NEXT: %0 = math.clampf %arg1 to [%arg2, %arg3] : f16
// CHECK-NEXT: return %cos, %0 : vector<2xf64>, f16
// GENERIC: %0:2 = "math.sincos"(%arg0) <{fastmath = #arith.fastmath<afn>}> : (vector<2xf64>) -> (vector<2xf64>, vector<2xf64>)
// GENERIC: "math.clampf"(%arg1, %arg2, %arg3) <{fastmath = #arith.fastmath<none>}> : (f16, f16, f16) -> f16
func.func @g(%v: vector<2xf64>, %x: f16, %lo: f16, %hi: f16) -> (vector<2xf64>, f16) {
  %s, %c = math.sincos %v fastmath<afn> : vector<2xf64>
  %r = math.clampf %x to [%lo, %hi] fastmath<none> : f16
  return %c, %r : vector<2xf64>, f16
}
