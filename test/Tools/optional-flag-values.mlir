// A flag whose value is optional takes it only after '=', as mlir-opt's
// boolean flags do: the word after it is the next argument (here the input
// file), not the flag's value.
// RUN: strata-opt --verify-each %s | FileCheck %s
// RUN: strata-opt --verify-each=false %s | FileCheck %s
// RUN: strata-opt --verify-equivalence --canonicalize %s | FileCheck %s --check-prefixes=CHECK,CANON
// RUN: strata-opt --verify-equivalence=twice --canonicalize %s | FileCheck %s --check-prefixes=CHECK,CANON
// RUN: not strata-opt --verify-equivalence=nowhere --canonicalize %s 2>&1 | FileCheck %s --check-prefix=MISSING

// CHECK-LABEL: func.func @twice(%arg0: i32) -> i32 {
// CANON-NEXT:    %0 = arith.addi %arg0, %arg0 : i32
// CANON-NEXT:    return %0 : i32
// MISSING: error: equivalence check failed: no function named '@nowhere' to check
func.func @twice(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %x : i32
  %1 = arith.addi %0, %c0 : i32
  return %1 : i32
}
