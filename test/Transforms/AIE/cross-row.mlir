// Cross-row fusion of an odd int16 filter (3x3). With zero padding (the
// paper's scheme, cross-row=false) each row is two 16x2 MACs, one half
// wasted: 6 MACs for 9 taps. With cross-row fusion, filter rows 0 and 1
// share a 64-element register (row 0 in elements 0..31, row 1 in 32..63)
// and their leftover taps W(2,0), W(2,1) fuse into one MAC whose xsquare
// 0x3120 gives every lane one element of each row (odd-lane offsets 15:
// 32 elements apart): 5 MACs. Both run bit-exact against the interpreter.
// RUN: strata-opt %s --linalg-to-aie=print-stages 2>&1 >/dev/null | FileCheck %s --check-prefix=CROSS
// RUN: strata-opt %s '--linalg-to-aie=print-stages cross-row=false' 2>&1 >/dev/null | FileCheck %s --check-prefix=PAD
// RUN: strata-opt %s --linalg-to-aie | FileCheck %s --check-prefix=IR
// RUN: strata-run %s --entry conv3x3 --target aie --random-inputs --random-range full --seed 21 --check --stats | FileCheck %s --check-prefix=EXEC
// RUN: strata-run %s --entry conv3x3 --target aie --no-cross-row --random-inputs --random-range full --seed 22 --check --stats | FileCheck %s --check-prefix=EXEC

// CROSS: aie-stage cross-row: 1 register(s) hold two filter rows, 2 x register(s)
// CROSS-NEXT: x0[0:31] = I(x+0:x+31, y+0) in 64 x 16-bit register
// CROSS-NEXT: x0[32:63] = I(x+0:x+31, y+1) in 64 x 16-bit register
// CROSS-NEXT: x1[0:31] = I(x+0:x+31, y+2) in 32 x 16-bit register
// CROSS: aie-stage fusion: 5 fused int16 16x2 op(s) (mul16 mac16) for 9 logical multiplications, 1 zero-padded column(s)
// CROSS: x0 z0 [W(2,0), W(2,1)] xstart=2 xoffsets=0xf3f2f1f0 xoffsets_hi=0xf7f6f5f4 xsquare=0x3120

// PAD: aie-stage fusion: 6 fused int16 16x2 op(s) (mul16 mac16) for 9 logical multiplications, 3 zero-padded column(s)

// IR: aievec.upd %arg0{{.*}}vector<64xi16>
// IR: aievec.upd %arg0{{.*}}{index = 3 : i32} : memref<18x40xi16>, vector<64xi16>
// IR: aievec.mac {{.*}}xsquare = "0x3120"{{.*}} : vector<64xi16>, vector<16xi16>, vector<16xi48>

// EXEC: check: OK, {{[0-9]+}} elements bit-exact with the interpreter
// EXEC: macs-per-cycle:

func.func @conv3x3(%I: memref<18x40xi16>, %W: memref<3x3xi16>, %O: memref<16x32xi16>) {
  %c0 = arith.constant 0 : i16
  linalg.fill ins(%c0 : i16) outs(%O : memref<16x32xi16>)
  linalg.conv_2d ins(%I, %W : memref<18x40xi16>, memref<3x3xi16>) outs(%O : memref<16x32xi16>)
  return
}
