// x86-vectorize's output: packed B panels, the microkernel's K loop with
// its accumulators as iteration arguments, masked tails; ops it does not
// handle are left alone; isa=scalar changes nothing; a bad isa is an error.
// RUN: strata-opt %s --x86-vectorize | FileCheck %s
// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=scalar}))' | FileCheck %s --check-prefix=SCALAR
// RUN: not strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=sse}))' 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=vnni}))' | FileCheck %s --check-prefix=VNNI

// CHECK-LABEL: func.func @f32
// CHECK: memref.alloc() : memref<2x30x32xf32>
// CHECK: x86.call "_mm512_storeu_ps"
// CHECK: scf.for {{.*}} iter_args
// CHECK: x86.call "_mm512_fmadd_ps"
// CHECK: x86.call "_mm512_mask_storeu_ps"
// CHECK-NOT: linalg.matmul
// CHECK: memref.dealloc
func.func @f32(%a: memref<20x30xf32>, %b: memref<30x40xf32>, %c: memref<20x40xf32>) {
  linalg.matmul ins(%a, %b : memref<20x30xf32>, memref<30x40xf32>) outs(%c : memref<20x40xf32>)
  return
}

// int8: AMX tiles by default (K = 30: A and B packed per call, B element
// by element as K is not a multiple of 4), VNNI with isa=vnni.
// CHECK-LABEL: func.func @i8
// CHECK: x86.call "_tile_loadconfig"
// CHECK: x86.call "_tile_dpbssd"() {imm = array<i32: 0, 4, 6>}
// CHECK: x86.call "_tile_release"
// CHECK-NOT: linalg.matmul
// VNNI-LABEL: func.func @i8
// VNNI: x86.call "_mm512_dpbusd_epi32"
// VNNI: x86.call "_mm512_sub_epi32"
func.func @i8(%a: memref<20x30xi8>, %b: memref<30x40xi8>, %c: memref<20x40xi32>) {
  linalg.matmul ins(%a, %b : memref<20x30xi8>, memref<30x40xi8>) outs(%c : memref<20x40xi32>)
  return
}

// CHECK-LABEL: func.func @dynamic
// CHECK: linalg.matmul
func.func @dynamic(%a: memref<?x30xf32>, %b: memref<30x40xf32>, %c: memref<?x40xf32>) {
  linalg.matmul ins(%a, %b : memref<?x30xf32>, memref<30x40xf32>) outs(%c : memref<?x40xf32>)
  return
}

// CHECK-LABEL: func.func @f64
// CHECK: linalg.matmul
func.func @f64(%a: memref<2x3xf64>, %b: memref<3x4xf64>, %c: memref<2x4xf64>) {
  linalg.matmul ins(%a, %b : memref<2x3xf64>, memref<3x4xf64>) outs(%c : memref<2x4xf64>)
  return
}

// SCALAR-LABEL: func.func @f32
// SCALAR: linalg.matmul
// SCALAR-NOT: x86.call

// BAD: for the isa option: Cannot find option named 'sse'! (expected auto, avx512, vnni, amx, avx2, native or scalar)
