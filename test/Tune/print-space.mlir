// --print-space prints the schedule space of the op on this CPU and
// exits: what the index variables mean, the constraint problem in
// strata-constraints' textual form, then each constraint with the fact
// behind it. The problem's sizes come from the op (M = 20, N = 40, K = 48);
// the ISAs, registers and caches from the CPU. An int8 matmul on a CPU
// with AVX2 has the int8= product in the space.
// REQUIRES: strata-tune
// RUN: strata-tune %s --entry mm --print-space | FileCheck %s

// CHECK:      # @mm: 20x40x48 i8 matmul (M x N x K)
// CHECK-NEXT: # cpu: avx2 (16 registers of 8 lanes){{.*}}; L1d {{[0-9]+}} KiB, L2 {{[0-9]+}} KiB ({{sysfs|CPUID}})
// CHECK-NEXT: # isa: 0 = avx2{{(, 1 = vnni)?}}
// CHECK-NEXT: # int8: 0 = auto, 1 = bytes, 2 = pairs
// CHECK-NEXT: var isa in 0..{{[01]}}
// CHECK:      var k_inner in {48}
// CHECK-NEXT: var kc in {16, 32, 48}
// CHECK:      PROD(nr, [lanes, nvec])
// CHECK-NEXT: LE(nr, 40)
// CHECK-NEXT: LE(mr, 20)
// CHECK:      LE(registers_used, registers)
// CHECK:      LE(int8, int8_forms)
// CHECK-EMPTY:
// CHECK-NEXT: SELECT(lanes, isa, [8{{(, 16)?}}]) {{ *}}# 32-bit lanes per vector of avx2
// CHECK:      LE(registers_used, registers) {{ *}}# the microkernel fits the register file without spills
// CHECK:      LE(b_panel_bytes, {{[0-9]+}}) {{ *}}# the B panel fits the L1 data cache ({{[0-9]+}} KiB)
// CHECK:      LE(int8, int8_forms) {{ *}}# the int8 product is one the ISA has

func.func @mm(%a: memref<20x48xi8>, %b: memref<48x40xi8>, %c: memref<20x40xi32>) {
  linalg.matmul ins(%a, %b : memref<20x48xi8>, memref<48x40xi8>) outs(%c : memref<20x40xi32>)
  return
}
