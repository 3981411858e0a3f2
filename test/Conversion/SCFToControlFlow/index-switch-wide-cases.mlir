// A case value outside i32 (here -2^63 and 2^32). MLIR 22's
// IndexSwitchLowering truncates every case to i32, so both would become
// case 0 and an index of 0 would take the -2^63 case; Strata lowers such a
// switch on i64, where each case keeps its value. The interpreter checks it:
// @at_zero and @at_min feed the switch 0 and -2^63, @wide a random index.
// (cf.switch prints i64 case values zero-extended, as MLIR does, and
// -2^63 then reads back as too large in both tools, so this test stays in
// memory.)
// RUN: strata-opt %s --convert-scf-to-cf | FileCheck %s
// RUN: strata-opt %s --convert-scf-to-cf --verify-equivalence --equivalence-trials=20 > /dev/null
// RUN: strata-run %s --entry at_zero --input 5 --print | FileCheck %s --check-prefix=ZERO
// RUN: strata-run %s --entry at_min --input 5 --print | FileCheck %s --check-prefix=MIN

// The default: 5 - 1.
// ZERO: 4 : i32
// The -2^63 case returns its argument.
// MIN: 5 : i32

// CHECK-LABEL: func.func @wide(
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = arith.index_cast %arg0 : index to i64
// CHECK-NEXT: cf.switch %0 : i64, [
// CHECK-NEXT:   default: ^bb4,
// CHECK-NEXT:   2: ^bb1,
// CHECK-NEXT:   9223372036854775808: ^bb2,
// CHECK-NEXT:   4294967296: ^bb3
// CHECK-NEXT: ]
func.func @wide(%i: index, %a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = scf.index_switch %i -> i32
  case 2 {
    %x = arith.addi %a, %c1 : i32
    scf.yield %x : i32
  }
  case -9223372036854775808 {
    scf.yield %a : i32
  }
  case 4294967296 {
    %y = arith.muli %a, %a : i32
    scf.yield %y : i32
  }
  default {
    %z = arith.subi %a, %c1 : i32
    scf.yield %z : i32
  }
  return %0 : i32
}

func.func @at_zero(%a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %r = func.call @wide(%c0, %a) : (index, i32) -> i32
  return %r : i32
}

func.func @at_min(%a: i32) -> i32 {
  %min = arith.constant -9223372036854775808 : index
  %r = func.call @wide(%min, %a) : (index, i32) -> i32
  return %r : i32
}
