// Memref-typed functions (destination-passing style, as after
// bufferization): the accumulators are a buffer zeroed by linalg.fill and
// written by the contraction, the tail writes the result into an i8 memref
// argument (or into a buffer the function returns). Run on the simulator
// and compared bit for bit with the interpreter, which reads the written
// argument back.
// RUN: strata-run --target vta %s --entry conv --random-inputs --seed 1 --check | FileCheck %s
// RUN: strata-run --target vta %s --entry conv --random-inputs --seed 2 --check --tile-sizes 1,4,3,1 --print | FileCheck %s --check-prefix=PRINT
// RUN: not strata-run --target vta %s --entry late_fill --random-inputs 2>&1 | FileCheck %s --check-prefix=BAD
// A tensor matmul bufferized with function boundaries returns its result buffer.
// RUN: strata-opt %S/matmul-tiling.mlir --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" > %t.mlir
// RUN: strata-run --target vta %t.mlir --entry mm --random-inputs --seed 5 --check --tune 4 | FileCheck %s --check-prefix=MM

// CHECK: check: OK, 1512 elements bit-exact with the interpreter
// PRINT: : tensor<1x24x9x7xi8> (memref<1x24x9x7xi8>)
// PRINT: check: OK, 1512 elements bit-exact with the interpreter
// BAD: memref.mlir:[[@LINE+26]]:1: error: 'func.func' op the accumulators must start at zero (linalg.fill with 0) (linalg-to-vta)
// MM: check: OK, 3600 elements bit-exact with the interpreter

func.func @conv(%x: memref<1x20x9x7xi8>, %w: memref<24x20x1x1xi8>, %bias: memref<24xi32>, %out: memref<1x24x9x7xi8>) {
  %c0 = arith.constant 0 : i32
  %acc = memref.alloc() : memref<1x24x9x7xi32>
  linalg.fill ins(%c0 : i32) outs(%acc : memref<1x24x9x7xi32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x20x9x7xi8>, memref<24x20x1x1xi8>) outs(%acc : memref<1x24x9x7xi32>)
  linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc, %bias : memref<1x24x9x7xi32>, memref<24xi32>) outs(%out : memref<1x24x9x7xi8>) {
  ^bb0(%a: i32, %b: i32, %o: i8):
    %c7 = arith.constant 7 : i32
    %lo = arith.constant 0 : i32
    %hi = arith.constant 127 : i32
    %s = arith.shrsi %a, %c7 : i32
    %t = arith.addi %s, %b : i32
    %u = arith.maxsi %t, %lo : i32
    %v = arith.minsi %u, %hi : i32
    %y = arith.trunci %v : i32 to i8
    linalg.yield %y : i8
  }
  memref.dealloc %acc : memref<1x24x9x7xi32>
  return
}
func.func @late_fill(%x: memref<1x20x9x7xi8>, %w: memref<24x20x1x1xi8>, %bias: memref<24xi32>, %out: memref<1x24x9x7xi8>) {
  %c0 = arith.constant 0 : i32
  %acc = memref.alloc() : memref<1x24x9x7xi32>
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x20x9x7xi8>, memref<24x20x1x1xi8>) outs(%acc : memref<1x24x9x7xi32>)
  linalg.fill ins(%c0 : i32) outs(%acc : memref<1x24x9x7xi32>)
  linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc, %bias : memref<1x24x9x7xi32>, memref<24xi32>) outs(%out : memref<1x24x9x7xi8>) {
  ^bb0(%a: i32, %b: i32, %o: i8):
    %c7 = arith.constant 7 : i32
    %lo = arith.constant 0 : i32
    %hi = arith.constant 127 : i32
    %s = arith.shrsi %a, %c7 : i32
    %t = arith.addi %s, %b : i32
    %u = arith.maxsi %t, %lo : i32
    %v = arith.minsi %u, %hi : i32
    %y = arith.trunci %v : i32 to i8
    linalg.yield %y : i8
  }
  memref.dealloc %acc : memref<1x24x9x7xi32>
  return
}
