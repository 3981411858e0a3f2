// RUN: strata-opt %s --verify-diagnostics --split-input-file

func.func @unknown(%x: f32) {
  // expected-error @+1 {{'x86.call' op unknown x86 intrinsic '_mm512_frobnicate_ps'}}
  %a = x86.call "_mm512_frobnicate_ps"(%x) : (f32) -> vector<16xf32>
  return
}

// -----

func.func @operand_kind(%x: f64) {
  // expected-error @+1 {{'x86.call' op operand #0 of '_mm512_set1_ps' must be f32}}
  %a = x86.call "_mm512_set1_ps"(%x) : (f64) -> vector<16xf32>
  return
}

// -----

func.func @result_kind(%x: f32) {
  // expected-error @+1 {{'x86.call' op '_mm512_set1_ps' returns vector<16xf32>}}
  %a = x86.call "_mm512_set1_ps"(%x) : (f32) -> vector<16xi32>
  return
}

// -----

func.func @immediates() {
  // expected-error @+1 {{'x86.call' op '_tile_dpbssd' takes 3 immediates, 1 given}}
  x86.call "_tile_dpbssd"() {imm = array<i32: 0>} : () -> ()
  return
}

// -----

func.func @addr(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'x86.addr' op expected 2 indices, got 1}}
  %p = x86.addr %m[%i] : memref<4x4xf32>
  return
}
