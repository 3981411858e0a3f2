// RUN: %roundtrip %s | FileCheck %s
// RUN: strata-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// The instruction form: one op per instruction, tokens as queue names.

// CHECK-LABEL: module attributes {vta.config = {LOG_ACC_BUFF_SIZE = 16 : i64}}
module attributes {vta.config = {LOG_ACC_BUFF_SIZE = 16 : i64}} {
  // CHECK: vta.dram_buffer @a : tensor<2x4x1x16xi8> = dense<1>
  // CHECK: vta.dram_buffer @c : tensor<2x3x1x16xi8>{{$}}
  vta.dram_buffer @a : tensor<2x4x1x16xi8> = dense<1>
  vta.dram_buffer @w : tensor<3x4x16x16xi8>
  vta.dram_buffer @bias : tensor<1x3x1x16xi32>
  vta.dram_buffer @c : tensor<2x3x1x16xi8>
  // CHECK: vta.uop_kernel @k {
  // CHECK-NEXT: vta.uop dst 0, src 0, wgt 0
  // CHECK-NEXT: vta.uop dst 3, src 4, wgt 0
  // CHECK-NEXT: }
  vta.uop_kernel @k {
    vta.uop dst 0, src 0, wgt 0
    vta.uop dst 3, src 4, wgt 0
  }
  vta.uop_kernel @r {
    vta.uop dst 0, src 0, wgt 0
  }
  // CHECK: vta.load inp @a[0] to sram[0] size [2, 4] stride 4{{$}}
  // CHECK: vta.load wgt @w[0] to sram[0] size [3, 4] stride 4 push(l2g)
  // CHECK: vta.load inp @a[4] to sram[8] size [1, 4] stride 4 pad [1, 1, 0, 2] pop(g2l)
  // CHECK: vta.load acc @bias[0] to sram[6] size [1, 3] stride 3
  // CHECK: vta.load uop [0] to sram[0] size [0, 0] stride 0 pop(l2g)
  vta.load inp @a[0] to sram[0] size [2, 4] stride 4
  vta.load wgt @w[0] to sram[0] size [3, 4] stride 4 push(l2g)
  vta.load inp @a[4] to sram[8] size [1, 4] stride 4 pad [1, 1, 0, 2] pop(g2l)
  vta.load acc @bias[0] to sram[6] size [1, 3] stride 3
  vta.load uop [0] to sram[0] size [0, 0] stride 0 pop(l2g)
  // CHECK: vta.gemm reset @r outer 2 [3, 0, 0] inner 3 [1, 0, 0]
  // CHECK: vta.gemm @k outer 4 [0, 1, 1] inner 3 [1, 0, 4] push(g2l)
  vta.gemm reset @r outer 2 [3, 0, 0] inner 3 [1, 0, 0]
  vta.gemm @k outer 4 [0, 1, 1] inner 3 [1, 0, 4] push(g2l)
  // CHECK: vta.alu shr @r outer 2 [3, 3] inner 3 [1, 1] imm -3
  // CHECK: vta.alu add @r outer 2 [3, 0] inner 3 [1, 1] push(g2s)
  vta.alu shr @r outer 2 [3, 3] inner 3 [1, 1] imm -3
  vta.alu add @r outer 2 [3, 0] inner 3 [1, 1] push(g2s)
  // CHECK: vta.store sram[0] to @c[0] size [2, 3] stride 3 pop(g2s) push(s2g)
  // CHECK: vta.finish pop(s2g)
  vta.store sram[0] to @c[0] size [2, 3] stride 3 pop(g2s) push(s2g)
  vta.finish pop(s2g)
}

// GENERIC: "vta.load"() <{buffer = @a, dram_offset = 4 : i64, memory = "inp", pop_next, sram_base = 8 : i64, x_pad_0 = 0 : i64, x_pad_1 = 2 : i64, x_size = 4 : i64, x_stride = 4 : i64, y_pad_0 = 1 : i64, y_pad_1 = 1 : i64, y_size = 1 : i64}> : () -> ()
// GENERIC: "vta.gemm"() <{dst_factor_in = 1 : i64, dst_factor_out = 0 : i64, iter_in = 3 : i64, iter_out = 4 : i64, kernel = @k, push_prev, src_factor_in = 0 : i64, src_factor_out = 1 : i64, wgt_factor_in = 4 : i64, wgt_factor_out = 1 : i64}> : () -> ()

