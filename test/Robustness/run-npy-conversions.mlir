// Inputs and outputs convert exactly or fail: an integer literal outside
// the argument's type, an .npy element the declared type cannot hold, and
// bytes after the array are errors; i1 results are written as NumPy bools
// (0 or 1) and i128 results, which NumPy cannot hold, are an error.
// RUN: not strata-run %s --entry id32 --input 99999999999 2>&1 | FileCheck %s --check-prefix=LIT-WIDE
// RUN: strata-run %s --entry id32 --input 4294967295 --print | FileCheck %s --check-prefix=LIT-OK
// RUN: python3 %S/Inputs/run_gen.py npy-values '<f8' 0.5,-2.0,nan > %t.f64ok.npy
// RUN: strata-run %s --entry f32s --input %t.f64ok.npy --print | FileCheck %s --check-prefix=F64-OK
// RUN: python3 %S/Inputs/run_gen.py npy-values '<f8' 0.5,0.1,1 > %t.f64bad.npy
// RUN: not strata-run %s --entry f32s --input %t.f64bad.npy 2>&1 | FileCheck %s --check-prefix=F64-BAD
// RUN: python3 %S/Inputs/run_gen.py npy-values '<i4' 1,2,16777217 > %t.i4bad.npy
// RUN: not strata-run %s --entry f32s --input %t.i4bad.npy 2>&1 | FileCheck %s --check-prefix=I4-BAD
// RUN: python3 %S/Inputs/run_gen.py npy-values '|b1' True,False,True > %t.bool.npy
// RUN: strata-run %s --entry f32s --input %t.bool.npy --print | FileCheck %s --check-prefix=BOOL
// RUN: python3 %S/Inputs/run_gen.py npy-values '<i8' 300,1 > %t.i8bad.npy
// RUN: not strata-run %s --entry i8s --input %t.i8bad.npy 2>&1 | FileCheck %s --check-prefix=I8-BAD
// RUN: python3 %S/Inputs/run_gen.py npy-values '<i4' 1,2,3 2 > %t.trailing.npy
// RUN: not strata-run %s --entry f32s --input %t.trailing.npy 2>&1 | FileCheck %s --check-prefix=TRAILING
// RUN: strata-run %s --entry bools --output %t.bools.npy
// RUN: od -An -tx1 -j 128 %t.bools.npy | FileCheck %s --check-prefix=BOOL-BYTES
// RUN: not strata-run %s --entry wide --output %t.wide.npy 2>&1 | FileCheck %s --check-prefix=WIDE
// A dynamic size prints as the type writes it.
// RUN: not strata-run %s --entry dynamic --input %t.bool.npy 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// DYNAMIC: bool.npy: the array has shape [3], the argument type 'tensor<?x2xf32>' needs [?, 2]

// LIT-WIDE: argument #0: 99999999999 does not fit in i32
// LIT-OK: -1 : i32
func.func @id32(%a: i32) -> i32 {
  return %a : i32
}

// F64-OK: dense<[5.000000e-01, -2.000000e+00, 0x7FC00000]> : tensor<3xf32>
// F64-BAD: f64bad.npy: element 1 of the .npy file of dtype '<f8' (0.1) is not exactly representable in f32
// I4-BAD: i4bad.npy: element 2 of the .npy file of dtype '<i4' (16777217) is not exactly representable in f32
// BOOL: dense<[1.000000e+00, 0.000000e+00, 1.000000e+00]> : tensor<3xf32>
// TRAILING: trailing.npy: the .npy data holds 14 bytes, the header's shape [3] of '<i4' needs 12
func.func @f32s(%a: tensor<3xf32>) -> tensor<3xf32> {
  return %a : tensor<3xf32>
}

// I8-BAD: i8bad.npy: element 0 of the .npy file of dtype '<i8' (300) is not exactly representable in i8
func.func @i8s(%a: tensor<2xi8>) -> tensor<2xi8> {
  return %a : tensor<2xi8>
}

// BOOL-BYTES: 01 00 01{{$}}
func.func @bools() -> tensor<3xi1> {
  %b = arith.constant dense<[true, false, true]> : tensor<3xi1>
  return %b : tensor<3xi1>
}

// WIDE: error: i128 has no NumPy dtype (at most 64-bit integers), so it cannot be written to an .npy file
func.func @wide() -> i128 {
  %c = arith.constant 170141183460469231731687303715884105727 : i128
  return %c : i128
}

func.func @dynamic(%a: tensor<?x2xf32>) -> tensor<?x2xf32> {
  return %a : tensor<?x2xf32>
}
