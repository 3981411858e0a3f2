// scf.forall / scf.forall.in_parallel / tensor.parallel_insert_slice in
// MLIR 22's syntax: the normalized `in (...)` form (also chosen by the
// printer when the lower bounds are constant 0 and the steps constant 1),
// the `= (lbs) to (ubs) step (steps)` form with mixed static/dynamic
// entries, shared_outs, an elided empty terminator, and discardable attributes.
// RUN: %roundtrip %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt %s | %mlir-accepts
// RUN: strata-opt %s > %t.strata && mlir-opt %s > %t.mlir && diff %t.strata %t.mlir
// RUN: strata-opt --mlir-print-op-generic %s > %t.gstrata && mlir-opt --mlir-print-op-generic %s > %t.gmlir && diff %t.gstrata %t.gmlir

// CHECK-LABEL: func.func @normalized(%arg0: tensor<100xf32>, %arg1: tensor<100xf32>, %arg2: index) -> tensor<100xf32> {
// CHECK-NEXT:    %0 = scf.forall (%arg3) in (%arg2) shared_outs(%arg4 = %arg1) -> (tensor<100xf32>) {
// CHECK-NEXT:      %extracted_slice = tensor.extract_slice %arg0[%arg3] [1] [1] : tensor<100xf32> to tensor<1xf32>
// CHECK-NEXT:      scf.forall.in_parallel {
// CHECK-NEXT:        tensor.parallel_insert_slice %extracted_slice into %arg4[%arg3] [1] [1] : tensor<1xf32> into tensor<100xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0 : tensor<100xf32>
func.func @normalized(%in: tensor<100xf32>, %out: tensor<100xf32>, %n: index) -> tensor<100xf32> {
  %r = scf.forall (%i) in (%n) shared_outs(%o = %out) -> (tensor<100xf32>) {
    %1 = tensor.extract_slice %in[%i][1][1] : tensor<100xf32> to tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %1 into %o[%i][1][1] : tensor<1xf32> into tensor<100xf32>
    }
  }
  return %r : tensor<100xf32>
}

// CHECK-LABEL: func.func @bounds(%arg0: memref<10x8xf32>, %arg1: index, %arg2: index) {
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    scf.forall (%arg3, %arg4) = (%arg2, 0) to (%arg1, 8) step (2, %c1) {
// CHECK-NEXT:      %0 = memref.load %arg0[%arg3, %arg4] : memref<10x8xf32>
// CHECK-NEXT:      memref.store %0, %arg0[%arg4, %arg3] : memref<10x8xf32>
// CHECK-NEXT:    } {test.tag}
// CHECK-NEXT:    scf.forall (%arg3, %arg4) in (%arg1, 8) {
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.forall (%arg3) in (4) {
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @bounds(%m: memref<10x8xf32>, %n: index, %lb: index) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  scf.forall (%i, %j) = (%lb, 0) to (%n, 8) step (2, %c1) {
    %v = memref.load %m[%i, %j] : memref<10x8xf32>
    memref.store %v, %m[%j, %i] : memref<10x8xf32>
  } {test.tag}
  // Constant-0 lower bounds and constant-1 steps print in the `in` form.
  scf.forall (%i, %j) = (%c0, 0) to (%n, 8) step (1, %c1) {
  }
  scf.forall (%i) in (4) {
    scf.forall.in_parallel {}
  }
  return
}

// CHECK-LABEL: func.func @two_outputs(
// CHECK:         %0:2 = scf.forall (%arg3, %arg4) in (2, 3) shared_outs(%arg5 = %arg0, %arg6 = %arg1) -> (tensor<2x3xf32>, tensor<?xf32>) {
// CHECK-NEXT:      %extracted_slice = tensor.extract_slice %arg5[%arg3, %arg4] [1, 1] [1, 1] : tensor<2x3xf32> to tensor<f32>
// CHECK-NEXT:      scf.forall.in_parallel {
// CHECK-NEXT:        tensor.parallel_insert_slice %extracted_slice into %arg5[%arg4, %arg3] [1, 1] [1, 1] : tensor<f32> into tensor<2x3xf32>
// CHECK-NEXT:        tensor.parallel_insert_slice %arg2 into %arg6[%arg3] [%arg4] [1] : tensor<?xf32> into tensor<?xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
func.func @two_outputs(%a: tensor<2x3xf32>, %b: tensor<?xf32>, %s: tensor<?xf32>) -> (tensor<2x3xf32>, tensor<?xf32>) {
  %r:2 = scf.forall (%i, %j) in (2, 3) shared_outs(%o = %a, %p = %b) -> (tensor<2x3xf32>, tensor<?xf32>) {
    %e = tensor.extract_slice %o[%i, %j] [1, 1] [1, 1] : tensor<2x3xf32> to tensor<f32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %e into %o[%j, %i] [1, 1] [1, 1] : tensor<f32> into tensor<2x3xf32>
      tensor.parallel_insert_slice %s into %p[%i] [%j] [1] : tensor<?xf32> into tensor<?xf32>
    }
  }
  return %r#0, %r#1 : tensor<2x3xf32>, tensor<?xf32>
}
