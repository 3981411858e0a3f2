// A VTA program ends with FINISH. A layer whose output is empty (batch 0)
// lowers to FINISH alone, which the simulator runs to the interpreter's
// (empty) result; the translation wrote no instruction at all, a program
// the device would wait on forever. A program whose last instruction is
// not FINISH is refused.
// RUN: strata-translate --mlir-to-vta %s -o %t.vta
// RUN: strata-translate --vta-to-mlir %t.vta | FileCheck %s
// RUN: strata-run --target vta %s --entry conv --random-inputs --check | FileCheck %s --check-prefix=EXEC
// RUN: strata-opt %S/../../Dialect/VTA/lower-tiles.mlir --pass-pipeline='builtin.module(vta-lower-tiles)' | grep -v vta.finish > %t.nofinish.mlir
// RUN: not strata-translate --mlir-to-vta %t.nofinish.mlir -o %t.nofinish.vta 2>&1 | FileCheck %s --check-prefix=NOFINISH

// CHECK: vta.dram_buffer @result : tensor<0x1x8x8x1x16xi8>
// CHECK-NEXT: vta.finish
// CHECK-NEXT: }
// EXEC: check: OK, 0 elements bit-exact with the interpreter
// NOFINISH: error: 'vta.store' op is the program's last instruction, not vta.finish: the program would never end

func.func @conv(%x: tensor<0x16x8x8xi8>, %w: tensor<16x16x3x3xi8>, %bias: tensor<16xi32>) -> tensor<0x16x8x8xi8> {
  %c0_i8 = arith.constant 0 : i8
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %c0_i8 : i8
  } : tensor<0x16x8x8xi8> to tensor<0x16x10x10xi8>
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<0x16x8x8xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<0x16x8x8xi32>) -> tensor<0x16x8x8xi32>
  %acc = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>}
    ins(%p, %w : tensor<0x16x10x10xi8>, tensor<16x16x3x3xi8>)
    outs(%z : tensor<0x16x8x8xi32>) -> tensor<0x16x8x8xi32>
  %o = tensor.empty() : tensor<0x16x8x8xi8>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc, %bias : tensor<0x16x8x8xi32>, tensor<16xi32>) outs(%o : tensor<0x16x8x8xi8>) {
  ^bb0(%a: i32, %b: i32, %out: i8):
    %c8 = arith.constant 8 : i32
    %zero = arith.constant 0 : i32
    %c127 = arith.constant 127 : i32
    %s = arith.shrsi %a, %c8 : i32
    %t = arith.addi %s, %b : i32
    %u = arith.maxsi %t, %zero : i32
    %v = arith.minsi %u, %c127 : i32
    %y = arith.trunci %v : i32 to i8
    linalg.yield %y : i8
  } -> tensor<0x16x8x8xi8>
  return %r : tensor<0x16x8x8xi8>
}
