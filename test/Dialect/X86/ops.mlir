// The x86 dialect: x86.addr and x86.call round-trip through the custom and
// generic forms.
// RUN: %roundtrip %s | FileCheck %s

// CHECK-LABEL: func.func @fma
// CHECK: %[[P:.*]] = x86.addr %{{.*}}[%{{.*}}, %{{.*}}] : memref<4x32xf32>
// CHECK: %[[B:.*]] = x86.call "_mm512_loadu_ps"(%[[P]]) : (!x86.ptr) -> vector<16xf32>
// CHECK: x86.call "_mm512_fmadd_ps"(%{{.*}}, %[[B]], %{{.*}}) : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
// CHECK: x86.call "_mm512_mask_storeu_ps"(%[[P]], %{{.*}}, %{{.*}}) : (!x86.ptr, i16, vector<16xf32>) -> ()
// CHECK: x86.call "_tile_dpbssd"() {imm = array<i32: 0, 4, 6>} : () -> ()
func.func @fma(%m: memref<4x32xf32>, %i: index, %j: index, %x: f32, %mask: i16) {
  %p = x86.addr %m[%i, %j] : memref<4x32xf32>
  %b = x86.call "_mm512_loadu_ps"(%p) : (!x86.ptr) -> vector<16xf32>
  %a = x86.call "_mm512_set1_ps"(%x) : (f32) -> vector<16xf32>
  %c = x86.call "_mm512_fmadd_ps"(%a, %b, %b) : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
  x86.call "_mm512_mask_storeu_ps"(%p, %mask, %c) : (!x86.ptr, i16, vector<16xf32>) -> ()
  x86.call "_tile_dpbssd"() {imm = array<i32: 0, 4, 6>} : () -> ()
  return
}
