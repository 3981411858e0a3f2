// RUN: strata-opt %s -split-input-file -verify-diagnostics --verify-each --pass-pipeline='builtin.module(func.func(canonicalize,cse))' | FileCheck %s
// RUN: strata-opt %s -split-input-file -verify-diagnostics --mlir-disable-threading --pass-pipeline='builtin.module(func.func(cse))' | FileCheck %s

// vta ops inside function bodies under a nested pipeline: each body is
// verified on its own after each pass, moved out of its module, so the
// checks that need the module (the vta.dram_buffer / vta.uop_kernel a
// symbol names, the module's vta.config) run with the symbol table's
// verification (SymbolUserOpInterface) once the module is whole.

// CHECK-LABEL: func.func @tiles
// CHECK:         vta.load_tile @bias[0, 0]
// CHECK:         vta.store_tile
// CHECK-LABEL: func.func @insns
// CHECK:         vta.gemm @k0
// CHECK:         vta.finish
#map = affine_map<(d0, d1) -> (0, d1)>
module attributes {vta.config = {LOG_ACC_BUFF_SIZE = 16 : i64}} {
  vta.dram_buffer @a : tensor<16x1x1x16xi8>
  vta.dram_buffer @b : tensor<1x1x16x16xi8>
  vta.dram_buffer @bias : tensor<1x1x1x16xi32>
  vta.dram_buffer @result : tensor<16x1x1x16xi8>
  vta.uop_kernel @k0 {
    vta.uop dst 1, src 0, wgt 0
  }
  func.func @tiles() {
    %0 = vta.load_tile @bias[0, 0] : !vta.tile<acc, 1x1>
    %1 = vta.load_tile @a[0, 0] : !vta.tile<inp, 16x1>
    %2 = vta.load_tile @b[0, 0] : !vta.tile<wgt, 1x1>
    %3 = vta.gemm_tile %1, %2 : !vta.tile<inp, 16x1>, !vta.tile<wgt, 1x1> -> !vta.tile<acc, 16x1>
    %4 = vta.alu_tile add %3, %0 map #map : !vta.tile<acc, 16x1>, !vta.tile<acc, 1x1>
    vta.store_tile %4, @result[0, 0] : !vta.tile<acc, 16x1>
    return
  }
  func.func @insns() {
    vta.load wgt @b[0] to sram[0] size [1, 1] stride 1 push(l2g)
    vta.gemm reset @k0 outer 16 [1, 0, 0] inner 1 [1, 0, 0]
    vta.gemm @k0 outer 16 [1, 1, 0] inner 1 [0, 0, 0] pop(l2g)
    vta.alu max @k0 outer 16 [1, 1] inner 1 [0, 0] imm 0 push(g2s)
    vta.store sram[1] to @result[0] size [16, 1] stride 1 pop(g2s) push(s2g)
    vta.finish pop(s2g)
    return
  }
}

// -----

module {
  vta.dram_buffer @a : tensor<16x1x1x16xi8>
  func.func @dangling() {
    // expected-error @+1 {{'vta.load_tile' op '@missing' does not name a vta.dram_buffer}}
    %0 = vta.load_tile @missing[0, 0] : !vta.tile<inp, 16x1>
    return
  }
}

// -----

// The module's configuration (1024 accumulators), not the default (2048),
// bounds the tiles of its function bodies.
module attributes {vta.config = {LOG_ACC_BUFF_SIZE = 16 : i64}} {
  vta.dram_buffer @a : tensor<1500x1x1x16xi8>
  vta.dram_buffer @b : tensor<1x1x16x16xi8>
  func.func @too_big() {
    %1 = vta.load_tile @a[0, 0] : !vta.tile<inp, 1500x1>
    %2 = vta.load_tile @b[0, 0] : !vta.tile<wgt, 1x1>
    // expected-error @+1 {{'vta.gemm_tile' op tile of 1500 elements does not fit the acc buffer (1024 elements)}}
    %3 = vta.gemm_tile %1, %2 : !vta.tile<inp, 1500x1>, !vta.tile<wgt, 1x1> -> !vta.tile<acc, 1500x1>
    return
  }
}
