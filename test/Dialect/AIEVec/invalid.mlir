// Parameter combinations the AIE1 shuffle network and datapaths cannot
// encode are rejected at the op.
// RUN: strata-opt %s --verify-diagnostics --split-input-file

func.func @lanes(%x: vector<32xi16>, %z: vector<16xi16>) {
  // expected-error @+1 {{'aievec.mul' op no AIE1 datapath has 4 lanes of i16 (modes: int32 8x1, int16 16x2, int16 8x4, int8 16x8, fp32 8x1)}}
  %a = aievec.mul %x, %z : vector<32xi16>, vector<16xi16>, vector<4xi48>
  return
}

// -----

func.func @acc_width(%x: vector<32xi16>, %z: vector<16xi16>) {
  // expected-error @+1 {{'aievec.mul' op the int16 16x2 datapath accumulates in vector<16xi48>, not vector<16xi32>}}
  %a = aievec.mul %x, %z : vector<32xi16>, vector<16xi16>, vector<16xi32>
  return
}

// -----

func.func @x_register(%x: vector<16xi16>, %z: vector<16xi16>) {
  // expected-error @+1 {{'aievec.mul' op the int16 16x2 datapath reads an x register of [32, 64] elements, not 16}}
  %a = aievec.mul %x, %z : vector<16xi16>, vector<16xi16>, vector<16xi48>
  return
}

// -----

func.func @square(%x: vector<32xi16>, %z: vector<16xi16>) {
  // expected-error @+1 {{'aievec.mul' op xsquare 0x4210: four nibbles, each 0 to 3}}
  %a = aievec.mul %x, %z {xsquare = "0x4210"} : vector<32xi16>, vector<16xi16>, vector<16xi48>
  return
}

// -----

func.func @odd_start(%x: vector<32xi16>, %z: vector<16xi16>) {
  // expected-error @+1 {{'aievec.mul' op xstart 1 must be even: the int16 16x2 datapath selects 32-bit words}}
  %a = aievec.mul %x, %z {xstart = "1"} : vector<32xi16>, vector<16xi16>, vector<16xi48>
  return
}

// -----

func.func @start_range(%x: vector<16xi32>, %z: vector<8xi32>) {
  // expected-error @+1 {{'aievec.mul' op xstart 16 outside the 16-element x register}}
  %a = aievec.mul %x, %z {xstart = "16"} : vector<16xi32>, vector<8xi32>, vector<8xi80>
  return
}

// -----

func.func @no_hi(%x: vector<16xi32>, %z: vector<8xi32>) {
  // expected-error @+1 {{'aievec.mul' op the int32 8x1 datapath has 8 lanes: no xoffsets_hi/zoffsets_hi}}
  %a = aievec.mul %x, %z {xoffsets_hi = "0"} : vector<16xi32>, vector<8xi32>, vector<8xi80>
  return
}

// -----

func.func @no_square(%x: vector<16xi32>, %z: vector<8xi32>) {
  // expected-error @+1 {{'aievec.mul' op the int32 8x1 datapath has no xsquare}}
  %a = aievec.mul %x, %z {xsquare = "0x3210"} : vector<16xi32>, vector<8xi32>, vector<8xi80>
  return
}

// -----

func.func @bad_number(%x: vector<16xi32>, %z: vector<8xi32>) {
  // expected-error @+1 {{'aievec.mul' op 'xoffsets' must be a 32-bit decimal or 0x-hexadecimal number, got "0xZZ"}}
  %a = aievec.mul %x, %z {xoffsets = "0xZZ"} : vector<16xi32>, vector<8xi32>, vector<8xi80>
  return
}

// -----

func.func @mixed(%x: vector<16xi32>, %z: vector<16xi16>) {
  // expected-error @+1 {{'aievec.mul' op x and z element types differ: i32 and i16}}
  %a = aievec.mul %x, %z : vector<16xi32>, vector<16xi16>, vector<8xi80>
  return
}

// -----

func.func @mac_acc(%x: vector<32xi16>, %z: vector<16xi16>, %acc: vector<16xi48>) {
  // expected-error @+1 {{'aievec.mac' op zstep 16 must lie within the 16-element z register}}
  %a = aievec.mac %x, %z, %acc {zstep = "16"} : vector<32xi16>, vector<16xi16>, vector<16xi48>
  return
}

// -----

func.func @srs_shift(%acc: vector<16xi48>) {
  // expected-error @+1 {{'aievec.srs' op shift must be between 0 and 63}}
  %v = aievec.srs %acc {shift = 64 : i32} : vector<16xi48>, vector<16xi16>
  return
}

// -----

func.func @srs_lanes(%acc: vector<16xi48>) {
  // expected-error @+1 {{'aievec.srs' op vector<16xi48> is not the accumulator of vector<8xi32>}}
  %v = aievec.srs %acc {shift = 0 : i32} : vector<16xi48>, vector<8xi32>
  return
}

// -----

func.func @upd_index(%m: memref<64xi16>, %i: index) {
  // expected-error @+1 {{'aievec.upd' op index 2 out of range: a 512-bit register has 2 256-bit pieces}}
  %v = aievec.upd %m[%i] {index = 2 : i32} : memref<64xi16>, vector<32xi16>
  return
}

// -----

func.func @upd_element(%m: memref<64xi32>, %i: index) {
  // expected-error @+1 {{'aievec.upd' op source element type must be the vector's, i16}}
  %v = aievec.upd %m[%i] : memref<64xi32>, vector<32xi16>
  return
}

// -----

func.func @store_width(%v: vector<32xi16>, %m: memref<64xi16>, %i: index) {
  // expected-error @+1 {{'aievec.store' op a vector store moves 128 or 256 bits, not 512}}
  aievec.store %v, %m[%i] : vector<32xi16>, memref<64xi16>
  return
}
