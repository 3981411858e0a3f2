// RUN: %roundtrip %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts | FileCheck %s

// CHECK-LABEL: func.func @f(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: cf.assert %arg0, "boom"
// CHECK-NEXT: cf.cond_br %arg0 weights([3, 5]), ^bb1(%arg1 : i32), ^bb2
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: cf.br ^bb3(%0, %arg1 : i32, i32)
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: cf.switch %arg2 : i32, [
// CHECK-NEXT: default: ^bb1(%arg1 : i32),
// CHECK-NEXT: 42: ^bb2,
// CHECK-NEXT: 43: ^bb3(%arg1, %arg1 : i32, i32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb3(%1: i32, %2: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: return %1 : i32

func.func @f(%c: i1, %a: i32, %f: i32) -> i32 {
  cf.assert %c, "boom"
  cf.cond_br %c weights([3, 5]), ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  cf.br ^bb3(%x, %a : i32, i32)
^bb2:
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    42: ^bb2,
    43: ^bb3(%a, %a : i32, i32)
  ]
^bb3(%y: i32, %z: i32):
  return %y : i32
}
