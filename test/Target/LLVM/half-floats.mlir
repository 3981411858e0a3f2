// f16 and bf16 under the JIT: the scalar kernels of
// test/Target/C/half-floats.mlir (arithmetic, comparisons, classification,
// math, on random inputs and edge values) and vector kernels whose lanes
// are 16-bit floats (elementwise ops, fma, reduction, contract), diffed
// with the interpreter.
// REQUIRES: llvm
// RUN: strata-run %S/../C/half-floats.mlir --entry f16ops --random-inputs --seed 1 --print > %t.i1
// RUN: strata-run %S/../C/half-floats.mlir --entry f16ops --random-inputs --seed 1 --print --target jit > %t.j1
// RUN: diff %t.i1 %t.j1
// RUN: strata-run %S/../C/half-floats.mlir --entry bf16ops --random-inputs --seed 2 --print > %t.i2
// RUN: strata-run %S/../C/half-floats.mlir --entry bf16ops --random-inputs --seed 2 --print --target jit > %t.j2
// RUN: diff %t.i2 %t.j2
// RUN: strata-run %S/../C/half-floats.mlir --entry scalar --input 0.1 --input=-3.5 --print > %t.i3
// RUN: strata-run %S/../C/half-floats.mlir --entry scalar --input 0.1 --input=-3.5 --print --target jit > %t.j3
// RUN: diff %t.i3 %t.j3
// RUN: strata-run %s --entry vec_f16 --random-inputs --seed 3 --print > %t.i4
// RUN: strata-run %s --entry vec_f16 --random-inputs --seed 3 --print --target jit > %t.j4
// RUN: diff %t.i4 %t.j4
// RUN: strata-run %s --entry vec_bf16 --random-inputs --seed 4 --print > %t.i5
// RUN: strata-run %s --entry vec_bf16 --random-inputs --seed 4 --print --target jit > %t.j5
// RUN: diff %t.i5 %t.j5
// RUN: strata-translate --mlir-to-llvmir %s | FileCheck %s
// CHECK-DAG: define internal i16 @strata_narrow_from_f64_f16(double
// CHECK-DAG: define internal double @strata_narrow_to_f64_f16(i16
// CHECK-DAG: define internal i16 @strata_narrow_from_f64_bf16(double
// CHECK-DAG: define internal double @strata_narrow_to_f64_bf16(i16

#map_a = affine_map<(i, j, k) -> (i, k)>
#map_b = affine_map<(i, j, k) -> (k, j)>
#map_c = affine_map<(i, j, k) -> (i, j)>

func.func @vec_f16(%a: memref<4x4xf16>, %b: memref<4x4xf16>, %o: memref<4x4xf16>, %s: memref<2xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %va = vector.load %a[%c0, %c0] : memref<4x4xf16>, vector<4x4xf16>
  %vb = vector.load %b[%c0, %c0] : memref<4x4xf16>, vector<4x4xf16>
  %acc = arith.constant dense<0.5> : vector<4x4xf16>
  %prod = vector.contract {indexing_maps = [#map_a, #map_b, #map_c], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %va, %vb, %acc : vector<4x4xf16>, vector<4x4xf16> into vector<4x4xf16>
  %f = vector.fma %va, %vb, %prod : vector<4x4xf16>
  %d = arith.divf %f, %va : vector<4x4xf16>
  %e = math.exp %d : vector<4x4xf16>
  vector.store %e, %o[%c0, %c0] : memref<4x4xf16>, vector<4x4xf16>
  %flat = vector.shape_cast %f : vector<4x4xf16> to vector<16xf16>
  %r0 = vector.reduction <add>, %flat : vector<16xf16> into f16
  %r1 = vector.reduction <maximumf>, %flat : vector<16xf16> into f16
  memref.store %r0, %s[%c0] : memref<2xf16>
  memref.store %r1, %s[%c1] : memref<2xf16>
  return
}

func.func @vec_bf16(%a: memref<8xbf16>, %b: memref<8xbf16>, %o: memref<8xbf16>, %s: memref<1xbf16>) {
  %c0 = arith.constant 0 : index
  %va = vector.load %a[%c0] : memref<8xbf16>, vector<8xbf16>
  %vb = vector.load %b[%c0] : memref<8xbf16>, vector<8xbf16>
  %big = arith.constant dense<[1.0, 3.0e+38, 1.0e-38, 7.0, 1.0e+10, 2.5e-40, 3.0, 0.1]> : vector<8xbf16>
  %x = arith.mulf %va, %big : vector<8xbf16>
  %y = arith.addf %x, %vb : vector<8xbf16>
  %c = arith.cmpf ogt, %y, %vb : vector<8xbf16>
  %z = arith.select %c, %y, %vb : vector<8xi1>, vector<8xbf16>
  %p = vector.outerproduct %va, %vb : vector<8xbf16>, vector<8xbf16>
  %p0 = vector.extract %p[3] : vector<8xbf16> from vector<8x8xbf16>
  %w = arith.addf %z, %p0 : vector<8xbf16>
  vector.store %w, %o[%c0] : memref<8xbf16>, vector<8xbf16>
  %r = vector.reduction <add>, %w : vector<8xbf16> into bf16
  memref.store %r, %s[%c0] : memref<1xbf16>
  return
}
