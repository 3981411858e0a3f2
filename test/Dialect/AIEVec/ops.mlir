// The aievec dialect: every op round-trips through the custom and generic
// forms; the running example's two fused 16x2 MACs over one 32-lane input
// register and one coefficient register.
// RUN: %roundtrip %s | FileCheck %s

// CHECK-LABEL: func.func @conv_row
// CHECK: %[[X:.*]] = aievec.upd %{{.*}}[%{{.*}}, %{{.*}}] {index = 0 : i32} : memref<4x64xi16>, vector<32xi16>
// CHECK: %[[X1:.*]] = aievec.upd %{{.*}}[%{{.*}}, %{{.*}}], %[[X]] {index = 1 : i32} : memref<4x64xi16>, vector<32xi16>
// CHECK: %[[Z:.*]] = aievec.upd %{{.*}}[%{{.*}}] : memref<16xi16>, vector<16xi16>
// CHECK: %[[A:.*]] = aievec.mul %[[X1]], %[[Z]] {xoffsets = "0x03020100", xoffsets_hi = "0x07060504", xsquare = "0x2110", zstep = "1"} : vector<32xi16>, vector<16xi16>, vector<16xi48>
// CHECK: %[[B:.*]] = aievec.mac %[[X1]], %[[Z]], %[[A]] {xoffsets = "0x03020100", xoffsets_hi = "0x07060504", xsquare = "0x2110", xstart = "2", zstart = "2", zstep = "1"} : vector<32xi16>, vector<16xi16>, vector<16xi48>
// CHECK: %[[O:.*]] = aievec.srs %[[B]] {nosat, shift = 0 : i32} : vector<16xi48>, vector<16xi16>
// CHECK: aievec.store %[[O]], %{{.*}}[%{{.*}}, %{{.*}}] : vector<16xi16>, memref<4x48xi16>
func.func @conv_row(%in: memref<4x64xi16>, %w: memref<16xi16>, %out: memref<4x48xi16>, %y: index, %x: index, %x16: index) {
  %c0 = arith.constant 0 : index
  %v = aievec.upd %in[%y, %x] {index = 0 : i32} : memref<4x64xi16>, vector<32xi16>
  %v1 = aievec.upd %in[%y, %x16], %v {index = 1 : i32} : memref<4x64xi16>, vector<32xi16>
  %z = aievec.upd %w[%c0] : memref<16xi16>, vector<16xi16>
  %a = aievec.mul %v1, %z {xoffsets = "0x03020100", xoffsets_hi = "0x07060504", xsquare = "0x2110", zstep = "1"} : vector<32xi16>, vector<16xi16>, vector<16xi48>
  %b = aievec.mac %v1, %z, %a {xstart = "2", xoffsets = "0x03020100", xoffsets_hi = "0x07060504", xsquare = "0x2110", zstart = "2", zstep = "1"} : vector<32xi16>, vector<16xi16>, vector<16xi48>
  %o = aievec.srs %b {shift = 0 : i32, nosat} : vector<16xi48>, vector<16xi16>
  aievec.store %o, %out[%y, %x] : vector<16xi16>, memref<4x48xi16>
  return
}

// CHECK-LABEL: func.func @int32
// CHECK: aievec.mul %{{.*}}, %{{.*}} {xoffsets = "0x76543210", zoffsets = "0"} : vector<16xi32>, vector<8xi32>, vector<8xi80>
// CHECK: aievec.mac %{{.*}}, %{{.*}}, %{{.*}} {xoffsets = "0x76543210", xstart = "1", zstart = "1"} : vector<16xi32>, vector<8xi32>, vector<8xi80>
// CHECK: aievec.srs %{{.*}} {shift = 4 : i32} : vector<8xi80>, vector<8xi32>
// CHECK: aievec.ups %{{.*}} {shift = 2 : i32} : vector<8xi32>, vector<8xi80>
// CHECK: aievec.mac %{{.*}}, %{{.*}}, %{{.*}} {fmsub} : vector<16xf32>, vector<8xf32>, vector<8xf32>
func.func @int32(%x: vector<16xi32>, %z: vector<8xi32>, %fx: vector<16xf32>, %fz: vector<8xf32>, %facc: vector<8xf32>) -> (vector<8xi80>, vector<8xf32>) {
  %a = aievec.mul %x, %z {xoffsets = "0x76543210", zoffsets = "0"} : vector<16xi32>, vector<8xi32>, vector<8xi80>
  %b = aievec.mac %x, %z, %a {xstart = "1", xoffsets = "0x76543210", zstart = "1"} : vector<16xi32>, vector<8xi32>, vector<8xi80>
  %v = aievec.srs %b {shift = 4 : i32} : vector<8xi80>, vector<8xi32>
  %u = aievec.ups %v {shift = 2 : i32} : vector<8xi32>, vector<8xi80>
  %f = aievec.mac %fx, %fz, %facc {fmsub} : vector<16xf32>, vector<8xf32>, vector<8xf32>
  return %u, %f : vector<8xi80>, vector<8xf32>
}
