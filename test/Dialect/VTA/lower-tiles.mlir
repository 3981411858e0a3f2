// RUN: strata-opt %s --pass-pipeline='builtin.module(vta-lower-tiles)' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(vta-lower-tiles)' | strata-translate --mlir-to-vta -o %t.vta
// RUN: strata-translate --vta-to-mlir %t.vta | FileCheck %s --check-prefix=IMPORT
// REQUIRES: strata-translate

// A 2x3 (blocks) by 4-block-deep matmul with a shift: SRAM addresses,
// micro-op kernels with two loops, tokens between the modules, FINISH.
// Each tile spans whole rows of its buffer, so its rows are contiguous in
// DRAM and move as one DMA row (one DRAM latency instead of one per row).

module {
  vta.dram_buffer @a : tensor<2x4x1x16xi8> = dense<1>
  vta.dram_buffer @w : tensor<3x4x16x16xi8> = dense<2>
  vta.dram_buffer @c : tensor<2x3x1x16xi8>
  %a = vta.load_tile @a[0, 0] : !vta.tile<inp, 2x4>
  %w = vta.load_tile @w[0, 0] : !vta.tile<wgt, 3x4>
  %c = vta.gemm_tile %a, %w : !vta.tile<inp, 2x4>, !vta.tile<wgt, 3x4> -> !vta.tile<acc, 2x3>
  %d = vta.alu_tile shr %c, 3 : !vta.tile<acc, 2x3>
  vta.store_tile %d, @c[0, 0] : !vta.tile<acc, 2x3>
}

// CHECK:      vta.uop_kernel @reset_k0 {
// CHECK-NEXT:   vta.uop dst 0, src 0, wgt 0
// CHECK:      vta.uop_kernel @gemm_k1 {
// CHECK-NEXT:   vta.uop dst 0, src 0, wgt 0
// CHECK-NEXT:   vta.uop dst 3, src 4, wgt 0
// CHECK:      vta.load inp @a[0] to sram[0] size [1, 8] stride 8{{$}}
// CHECK-NEXT: vta.load wgt @w[0] to sram[0] size [1, 12] stride 12 push(l2g)
// CHECK-NEXT: vta.gemm reset @reset_k0 outer 2 [3, 0, 0] inner 3 [1, 0, 0]{{$}}
// CHECK-NEXT: vta.gemm @gemm_k1 outer 4 [0, 1, 1] inner 3 [1, 0, 4] pop(l2g)
// CHECK-NEXT: vta.alu shr @alu_k2 outer 2 [3, 3] inner 1 [0, 0] imm 3 push(g2s)
// CHECK-NEXT: vta.store sram[0] to @c[0] size [1, 6] stride 6 pop(g2s) push(s2g)
// CHECK-NEXT: vta.finish pop(s2g)
// CHECK-NOT:  vta.load_tile

// IMPORT: vta.dram_buffer @c : tensor<2x3x1x16xi8>{{$}}
// IMPORT: vta.uop_kernel @k0 {
// IMPORT: vta.load wgt @w[0] to sram[0] size [1, 12] stride 12 push(l2g)
// IMPORT: vta.gemm @k1 outer 4 [0, 1, 1] inner 3 [1, 0, 4] pop(l2g)
// IMPORT: vta.finish pop(s2g)
