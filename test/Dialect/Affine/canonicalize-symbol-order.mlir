// Symbol order of composed affine.apply maps as MLIR 22 leaves it: the
// map's own symbols, then those of the composed producers, then dimensions
// promoted to symbols (top-level values). CHECK lines are mlir-opt 22's output.
// RUN: strata-opt --canonicalize %s | FileCheck %s
// RUN: strata-opt --canonicalize %s --verify-equivalence --equivalence-trials=8

// CHECK: #map = affine_map<()[s0, s1] -> (s0 * 5 + s1 * 3 + 7)>
// CHECK-NEXT: #map1 = affine_map<()[s0, s1] -> ((s0 * 4 + s1 * 2) floordiv s0)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @promoted_dim_after_symbols(%arg0: index, %arg1: index) -> index {
// CHECK-NEXT: %0 = affine.apply #map()[%arg1, %arg0]
// CHECK-NEXT: return %0 : index
// CHECK-NEXT: }
// CHECK-NEXT: func.func @shared_symbol(%arg0: index, %arg1: index) -> index {
// CHECK-NEXT: %0 = affine.apply #map1()[%arg1, %arg0]
// CHECK-NEXT: return %0 : index
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @promoted_dim_after_symbols(%a: index, %b: index) -> index {
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 * 3 + s0 * 5 - 2)>(%a)[%b]
  %1 = affine.apply affine_map<(d0) -> (d0 + 9)>(%0)
  return %1 : index
}

func.func @shared_symbol(%a: index, %b: index) -> index {
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 * 2 + s0)>(%a)[%b]
  %1 = affine.apply affine_map<(d0)[s0] -> ((d0 + s0 * 3) floordiv s0)>(%0)[%b]
  return %1 : index
}
