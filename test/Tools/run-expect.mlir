// strata-run --expect FILE.npy: every target checks its results against
// stored values (integers exactly, floats within --atol/--rtol) and fails
// naming the first element that differs.

// RUN: strata-run %s --entry x --output %t.x.npy
// RUN: strata-run %s --entry scale --input %t.x.npy --output %t.ref.npy
// RUN: strata-run %s --entry scale --input %t.x.npy --expect %t.ref.npy | FileCheck %s --check-prefix=SAME
// RUN: strata-run %s --entry scale_buffer --input %t.x.npy --expect %t.ref.npy --target c | FileCheck %s --check-prefix=SAME
// SAME: expect: result #0 matches '{{.*}}.ref.npy' (4 elements, max abs error 0.000e0)

// A result off by about 1e-6 fails exactly and passes within a tolerance.
// RUN: not strata-run %s --entry nudged --input %t.x.npy --expect %t.ref.npy 2>&1 | FileCheck %s --check-prefix=EXACT
// EXACT: strata-run: error: result #0 differs from '{{.*}}.ref.npy': element [0] is 3.100001e0, expected 3.1e0 (4 of 4 elements differ, max abs error 1.192e-6, atol 0e0, rtol 0e0)
// RUN: strata-run %s --entry nudged --input %t.x.npy --expect %t.ref.npy --atol 1e-5 | FileCheck %s --check-prefix=ATOL
// ATOL: expect: result #0 matches '{{.*}}.ref.npy' (4 elements, max abs error 1.192e-6)
// RUN: strata-run %s --entry nudged --input %t.x.npy --expect %t.ref.npy --rtol 1e-5 | FileCheck %s --check-prefix=ATOL
// RUN: not strata-run %s --entry nudged --input %t.x.npy --expect %t.ref.npy --rtol 1e-9 2>&1 | FileCheck %s --check-prefix=RTOL
// RTOL: error: result #0 differs {{.*}}(4 of 4 elements differ, {{.*}} rtol 1e-9)

// Integers are compared exactly whatever the tolerance, shown signed.
// RUN: strata-run %s --entry bytes --output %t.bytes.npy
// RUN: not strata-run %s --entry other_bytes --expect %t.bytes.npy --atol 10 2>&1 | FileCheck %s --check-prefix=INT
// INT: error: result #0 differs from '{{.*}}.bytes.npy': element [1, 0] is -3 (unsigned 253), expected -2 (unsigned 254) (1 of 4 elements differ, max abs error 0.000e0

// Shapes, counts and scalar literals.
// RUN: not strata-run %s --entry scale --input %t.x.npy --expect %t.bytes.npy 2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: error: --expect for result #0: {{.*}}.bytes.npy: the array has shape [2, 2], the argument type 'tensor<4xf32>' needs [4]
// RUN: not strata-run %s --entry scale --input %t.x.npy --expect %t.ref.npy --expect %t.ref.npy 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: strata-run: error: 2 expected values given but the run produced 1
// RUN: strata-run %s --entry answer --expect 42 | FileCheck %s --check-prefix=SCALAR
// SCALAR: expect: result #0 matches '42' (1 elements, max abs error 0.000e0)
// RUN: not strata-run %s --entry answer --expect 41 2>&1 | FileCheck %s --check-prefix=SCALAR-DIFF
// SCALAR-DIFF: error: result #0 differs from '41': element [] is 42, expected 41 (1 of 1 elements differ

func.func @x() -> tensor<4xf32> {
  %c = arith.constant dense<[1.0, 1.3333334, -2.5, 0.0]> : tensor<4xf32>
  return %c : tensor<4xf32>
}

func.func @scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  %three = arith.constant dense<3.0> : tensor<4xf32>
  %tenth = arith.constant dense<0.1> : tensor<4xf32>
  %m = arith.mulf %x, %three : tensor<4xf32>
  %r = arith.addf %m, %tenth : tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @nudged(%x: tensor<4xf32>) -> tensor<4xf32> {
  %three = arith.constant dense<3.0> : tensor<4xf32>
  %tenth = arith.constant dense<0.100001> : tensor<4xf32>
  %m = arith.mulf %x, %three : tensor<4xf32>
  %r = arith.addf %m, %tenth : tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @bytes() -> tensor<2x2xi8> {
  %c = arith.constant dense<[[1, 2], [-2, 127]]> : tensor<2x2xi8>
  return %c : tensor<2x2xi8>
}

func.func @other_bytes() -> tensor<2x2xi8> {
  %c = arith.constant dense<[[1, 2], [-3, 127]]> : tensor<2x2xi8>
  return %c : tensor<2x2xi8>
}

func.func @answer() -> i32 {
  %c = arith.constant 42 : i32
  return %c : i32
}

func.func @scale_buffer(%x: memref<4xf32>) {
  %three = arith.constant 3.0 : f32
  %tenth = arith.constant 0.1 : f32
  affine.for %i = 0 to 4 {
    %v = affine.load %x[%i] : memref<4xf32>
    %m = arith.mulf %v, %three : f32
    %r = arith.addf %m, %tenth : f32
    affine.store %r, %x[%i] : memref<4xf32>
  }
  return
}
