// RUN: strata-opt %s --split-input-file --verify-diagnostics

vta.dram_buffer @a : tensor<4x1x16xi8>
// expected-error @+1 {{'vta.load' op sram_base = 70000 does not fit the 16-bit field (0..=65535)}}
vta.load inp @a[0] to sram[70000] size [1, 1] stride 1

// -----

vta.dram_buffer @a : tensor<4x1x16xi8>
// expected-error @+1 {{'vta.load' op accesses inp elements 2047..2049, beyond the buffer depth 2048}}
vta.load inp @a[0] to sram[2047] size [1, 2] stride 2

// -----

// A smaller input buffer shrinks the bound.
module attributes {vta.config = {LOG_INP_BUFF_SIZE = 10 : i64}} {
  vta.dram_buffer @a : tensor<4x1x16xi8>
  // expected-error @+1 {{'vta.load' op accesses inp elements 60..68, beyond the buffer depth 64}}
  vta.load inp @a[0] to sram[60] size [2, 4] stride 4
}

// -----

vta.dram_buffer @a : tensor<4x1x16xi8>
// expected-error @+1 {{'vta.load' op reads or writes bytes up to 80 of '@a', which has 64 bytes}}
vta.load inp @a[1] to sram[0] size [1, 4] stride 4

// -----

vta.dram_buffer @a : tensor<4x1x16xi8>
// expected-error @+1 {{'vta.load' op x_pad_1 = 16 is outside 0..=15}}
vta.load inp @a[0] to sram[0] size [1, 1] stride 1 pad [0, 0, 0, 16]

// -----

vta.dram_buffer @a : tensor<4x1x16xi8>
// expected-error @+1 {{the load module cannot pop token queue 'l2g'}}
vta.load inp @a[0] to sram[0] size [1, 1] stride 1 pop(l2g)

// -----

// expected-error @+1 {{'vta.load' op pop_prev_dep is illegal in the load module}}
"vta.load"() <{memory = "wgt", dram_offset = 0 : i64, sram_base = 0 : i64, y_size = 0 : i64, x_size = 0 : i64, x_stride = 0 : i64, y_pad_0 = 0 : i64, y_pad_1 = 0 : i64, x_pad_0 = 0 : i64, x_pad_1 = 0 : i64, pop_prev}> : () -> ()

// -----

// expected-error @+1 {{'vta.load' op may load micro-ops only as a synchronisation no-op (x_size 0); kernels are loaded by the translation}}
vta.load uop [0] to sram[0] size [1, 4] stride 4

// -----

vta.uop_kernel @k {
  // expected-error @+1 {{'vta.uop' op dst = 2048 does not fit the 11-bit field (0..=2047)}}
  vta.uop dst 2048, src 0, wgt 0
}

// -----

vta.uop_kernel @k {
  vta.uop dst 0, src 0, wgt 0
  vta.uop dst 1000, src 0, wgt 0
}
// expected-error @+1 {{'vta.gemm' op micro-op 1 dst index reaches acc element 2050 in the loop nest, beyond the buffer depth 2048}}
vta.gemm @k outer 2 [50, 0, 0] inner 2 [1000, 0, 0]

// -----

vta.uop_kernel @k {
  vta.uop dst 0, src 0, wgt 0
}
// expected-error @+1 {{'vta.gemm' op iter_out = 16384 does not fit the 14-bit field (0..=16383)}}
vta.gemm @k outer 16384 [0, 0, 0] inner 1 [0, 0, 0]

// -----

vta.uop_kernel @k {
  vta.uop dst 0, src 0, wgt 0
}
// expected-error @+1 {{'vta.gemm' op wgt_factor_in = 1024 does not fit the 10-bit field (0..=1023)}}
vta.gemm @k outer 1 [0, 0, 0] inner 1 [0, 0, 1024]

// -----

vta.uop_kernel @k {
  vta.uop dst 0, src 0, wgt 0
  vta.uop dst 1, src 1, wgt 0
  vta.uop dst 0, src 2, wgt 0
}
// expected-error @+1 {{'vta.gemm' op micro-op 2 of the kernel writes acc 0 like micro-op 0 just before it}}
vta.gemm @k outer 1 [0, 0, 0] inner 1 [0, 0, 0]

// -----

// expected-error @+1 {{'vta.gemm' op '@nope' does not name a vta.uop_kernel}}
vta.gemm @nope outer 1 [0, 0, 0] inner 1 [0, 0, 0]

// -----

vta.uop_kernel @k {
  vta.uop dst 0, src 0, wgt 0
}
// expected-error @+1 {{'vta.alu' op imm = 40000 does not fit the signed 16-bit field}}
vta.alu add @k outer 1 [0, 0] inner 1 [0, 0] imm 40000

// -----

// expected-error @+1 {{unknown ALU opcode 'div', expected min, max, add, shr or mul}}
vta.alu div @k outer 1 [0, 0] inner 1 [0, 0]

// -----

vta.dram_buffer @a : tensor<4x4x1x16xi8>
// expected-error @+1 {{'vta.load_tile' op window 2..6 of dimension 0 is outside the buffer's element grid (size 4)}}
%t = vta.load_tile @a[2, 0] : !vta.tile<inp, 4x4>

// -----

vta.dram_buffer @a : tensor<4x4x16x16xi8>
// expected-error @+1 {{'vta.load_tile' op '@a' must have shape [..., 1, 16] of i8 to hold inp elements}}
%t = vta.load_tile @a[0, 0] : !vta.tile<inp, 4x4>

// -----

vta.dram_buffer @a : tensor<64x64x1x16xi8>
// expected-error @+1 {{'vta.load_tile' op tile of 4096 elements does not fit the inp buffer (2048 elements)}}
%t = vta.load_tile @a[0, 0] : !vta.tile<inp, 64x64>

// -----

vta.dram_buffer @a : tensor<2x4x1x16xi8>
vta.dram_buffer @w : tensor<3x4x16x16xi8>
%a = vta.load_tile @a[0, 0] : !vta.tile<inp, 2x4>
%w = vta.load_tile @w[0, 0] : !vta.tile<wgt, 3x4>
// expected-error @+1 {{'vta.gemm_tile' op map (d0, d1, d2) -> (d0, d1) result 1 ranges over 0..=2, outside the tile dimension of size 2}}
%c = vta.gemm_tile %a, %w : !vta.tile<inp, 2x4>, !vta.tile<wgt, 3x4> -> !vta.tile<acc, 2x2>

// -----

vta.dram_buffer @a : tensor<2x4x1x16xi8>
vta.dram_buffer @w : tensor<3x4x16x16xi8>
vta.dram_buffer @c : tensor<2x3x1x16xi8>
%a = vta.load_tile @a[0, 0] : !vta.tile<inp, 2x4>
%w = vta.load_tile @w[0, 0] : !vta.tile<wgt, 3x4>
%c = vta.gemm_tile %a, %w : !vta.tile<inp, 2x4>, !vta.tile<wgt, 3x4> -> !vta.tile<acc, 2x3>
// expected-error @+1 {{'vta.alu_tile' op updates its destination tile in place, so the tile may not be used after this op}}
%d = vta.alu_tile shr %c, 2 : !vta.tile<acc, 2x3>
vta.store_tile %c, @c[0, 0] : !vta.tile<acc, 2x3>
