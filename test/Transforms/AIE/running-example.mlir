// The paper's running example (Vyasa, Fig. 3): a 4-wide, 3-high int16
// filter (Halide's W(4, 3), linalg's 3x4 filter) over an image, the output
// columns vectorized by 16. Each stage of linalg-to-aie on it: 12
// triplets (Table I), one group and one store (Table II), 3 input loads
// instead of 12 and one weight load (Table III), 6 fused 16x2 MACs with
// their parameters (Table IV), then the aievec code (Fig. 7).
// RUN: strata-opt %s --linalg-to-aie=print-stages 2>&1 | FileCheck %s
// RUN: strata-run %s --entry running_example --target aie --random-inputs --random-range full --seed 7 --check | FileCheck %s --check-prefix=EXEC
// RUN: strata-run %s --entry running_example --target aie --random-inputs --random-range full --seed 8 --check | FileCheck %s --check-prefix=EXEC

// EXEC: check: OK, 748 elements bit-exact with the interpreter

// CHECK: aie-stage unroll: 12 triplets, vectorized along x with 16 lanes
// CHECK-NEXT: O(x:x+15, y) += W(0, 0) * I(x+0:x+15, y+0)
// CHECK-NEXT: O(x:x+15, y) += W(1, 0) * I(x+1:x+16, y+0)
// CHECK-NEXT: O(x:x+15, y) += W(2, 0) * I(x+2:x+17, y+0)
// CHECK-NEXT: O(x:x+15, y) += W(3, 0) * I(x+3:x+18, y+0)
// CHECK: aie-stage lazy-stores: 1 group(s), 1 store(s) (was 12)
// CHECK: aie-stage reuse: 3 input load(s) (was 12), 12 weight(s) coalesced into z registers (was 12 broadcasts)
// CHECK-NEXT: x0[0:31] = I(x+0:x+31, y+0) in 32 x 16-bit register (2 piece(s)) for filter columns [0, 1, 2, 3]
// CHECK-NEXT: x1[0:31] = I(x+0:x+31, y+1) in 32 x 16-bit register
// CHECK-NEXT: x2[0:31] = I(x+0:x+31, y+2) in 32 x 16-bit register
// CHECK: aie-stage cross-row: 0 register(s) hold two filter rows, 3 x register(s)
// CHECK: aie-stage fusion: 6 fused int16 16x2 op(s) (mul16 mac16) for 12 logical multiplications, 0 zero-padded column(s)
// CHECK-NEXT: x0 z0 [W(0,0), W(1,0)] xstart=0 xoffsets=0x03020100 xoffsets_hi=0x07060504 xsquare=0x2110 zstart=0 zoffsets=0x00000000 zstep=1
// CHECK-NEXT: x0 z0 [W(2,0), W(3,0)] xstart=2 xoffsets=0x03020100 xoffsets_hi=0x07060504 xsquare=0x2110 zstart=2 zoffsets=0x00000000 zstep=1
// CHECK-NEXT: x1 z0 [W(0,1), W(1,1)] xstart=0 {{.*}} zstart=4
// CHECK-NEXT: x1 z0 [W(2,1), W(3,1)] xstart=2 {{.*}} zstart=6

// The weights' one z register is loaded once, before the loop over the
// tiles; each tile loads 3 registers and stores once.
// CHECK-LABEL: func.func @running_example
// CHECK: aievec.upd %{{.*}} : memref<16xi16>, vector<16xi16>
// CHECK: scf.for
// CHECK-NOT: memref<16xi16>, vector<16xi16>
// CHECK: aievec.upd %arg0
// CHECK: aievec.upd %arg0{{.*}}index = 1
// CHECK: aievec.mul {{.*}}xoffsets = "0x03020100", xoffsets_hi = "0x07060504", xsquare = "0x2110", xstart = "0", zoffsets = "0x00000000", zoffsets_hi = "0x00000000", zstart = "0", zstep = "1"
// CHECK: aievec.mac {{.*}}xstart = "2"{{.*}}zstart = "2"
// CHECK: aievec.upd %arg0
// CHECK: aievec.mac {{.*}}zstart = "4"
// CHECK: aievec.mac {{.*}}zstart = "6"
// CHECK: aievec.upd %arg0
// CHECK: aievec.mac {{.*}}zstart = "8"
// CHECK: aievec.mac {{.*}}zstart = "10"
// CHECK: aievec.srs %{{.*}} {nosat, shift = 0 : i32} : vector<16xi48>, vector<16xi16>
// CHECK: aievec.store
// CHECK-NOT: aievec.store
// CHECK-NOT: linalg.
func.func @running_example(%I: memref<10x48xi16>, %W: memref<3x4xi16>, %O: memref<8x32xi16>) {
  %c0 = arith.constant 0 : i16
  linalg.fill ins(%c0 : i16) outs(%O : memref<8x32xi16>)
  linalg.conv_2d ins(%I, %W : memref<10x48xi16>, memref<3x4xi16>) outs(%O : memref<8x32xi16>)
  return
}
