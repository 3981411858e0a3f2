// RUN: strata-opt %s --outline-loop-nests=min-ops=3 | FileCheck %s
// RUN: strata-opt %s --outline-loop-nests=min-ops=3 --verify-equivalence=two_nests > /dev/null
// RUN: strata-opt %s --outline-loop-nests=min-ops=3 | strata-run - --entry two_nests --random-inputs --print > %t.outlined
// RUN: strata-run %s --entry two_nests --random-inputs --print | diff - %t.outlined
// RUN: strata-opt %s --outline-loop-nests=min-ops=3 | strata-run - --entry two_nests --random-inputs --print --target c | diff - %t.outlined
// RUN: strata-opt %s --outline-loop-nests | FileCheck %s --check-prefix=SMALL

// Two loop nests at the top of a function become @two_nests_nest0 and
// @two_nests_nest1 (the name @two_nests_nest0 is taken by nothing; a
// symbol of that name elsewhere would push the counter on): the buffers and
// the index they read are arguments in order of first use, the constants
// (bounds, the global) are cloned in so they stay constants, the call sits
// where the nest was. A function with one nest, and nests below min-ops
// (64 by default), stay.

// CHECK-LABEL: func.func @two_nests(%arg0: memref<8xf32>, %arg1: index) -> memref<8xf32> {
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[ALLOC:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT:    call @two_nests_nest0(%arg0, %[[ALLOC]]) : (memref<8xf32>, memref<8xf32>) -> ()
// CHECK-NEXT:    call @two_nests_nest1(%arg1, %[[ALLOC]]) : (index, memref<8xf32>) -> ()
// CHECK-NEXT:    return %[[ALLOC]] : memref<8xf32>
// CHECK-LABEL: func.func private @two_nests_nest0(%arg0: memref<8xf32>, %arg1: memref<8xf32>) {
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[E:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %[[S:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[G:.*]] = memref.get_global @scale : memref<8xf32>
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[Z]] to %[[E]] step %[[S]] {
// CHECK:           memref.load %arg0[%[[I]]]
// CHECK:           memref.load %[[G]][%[[I]]]
// CHECK:           memref.store %{{.*}}, %arg1[%[[I]]]
// CHECK:         return
// CHECK-LABEL: func.func private @two_nests_nest1(%arg0: index, %arg1: memref<8xf32>) {
// CHECK:         scf.for
// CHECK:           memref.store %{{.*}}, %arg1[%{{.*}}] : memref<8xf32>
// CHECK-LABEL: func.func @one_nest(
// CHECK-NOT:     call
// CHECK:         scf.for

// SMALL-NOT: call
// SMALL-NOT: _nest0

memref.global "private" constant @scale : memref<8xf32> = dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]>

func.func @two_nests(%x: memref<8xf32>, %k: index) -> memref<8xf32> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %g = memref.get_global @scale : memref<8xf32>
  %y = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %a = memref.load %x[%i] : memref<8xf32>
    %s = memref.load %g[%i] : memref<8xf32>
    %p = arith.mulf %a, %s : f32
    memref.store %p, %y[%i] : memref<8xf32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %j = arith.remui %k, %c8 : index
    %a = memref.load %y[%j] : memref<8xf32>
    %b = memref.load %y[%i] : memref<8xf32>
    %m = arith.maximumf %a, %b : f32
    memref.store %m, %y[%i] : memref<8xf32>
  }
  return %y : memref<8xf32>
}

func.func @one_nest(%x: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %a = memref.load %x[%i] : memref<8xf32>
    %p = arith.addf %a, %a : f32
    memref.store %p, %x[%i] : memref<8xf32>
  }
  return
}
