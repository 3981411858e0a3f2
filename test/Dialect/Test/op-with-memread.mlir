// `test.op_with_memread` (MLIR's test dialect): it only reads memory, so
// CSE merges two reads with nothing between them, not across an op of
// unknown effects, and an unused one is dead. Output identical to mlir-opt
// 22's (op-with-memread-invalid.mlir: its verifier).
// RUN: strata-opt %s -allow-unregistered-dialect -cse | FileCheck %s
// RUN: strata-opt %s -allow-unregistered-dialect -canonicalize | FileCheck %s --check-prefix=CANON
// REQUIRES: mlir-opt
// RUN: strata-opt %s -allow-unregistered-dialect -cse > %t.strata
// RUN: mlir-opt %s -allow-unregistered-dialect -cse > %t.mlir
// RUN: diff %t.strata %t.mlir

// CHECK-LABEL: func.func @reads(
// CHECK-NEXT:    %[[A:.*]] = "test.op_with_memread"() : () -> i32
// CHECK-NEXT:    "foo.x"() : () -> ()
// CHECK-NEXT:    %[[B:.*]] = "test.op_with_memread"() : () -> i32
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[A]], %[[B]]
// CHECK-NEXT:    %[[T:.*]] = arith.addi %[[S]], %[[B]]
// CHECK-NEXT:    return %[[T]]
// CANON-LABEL: func.func @reads(
// CANON-COUNT-3: "test.op_with_memread"
// CANON-NOT:     "test.op_with_memread"
func.func @reads() -> i32 {
  %0 = "test.op_with_memread"() : () -> i32
  "foo.x"() : () -> ()
  %1 = "test.op_with_memread"() : () -> i32
  %2 = "test.op_with_memread"() : () -> i32
  %3 = "test.op_with_memread"() : () -> i64
  %4 = arith.addi %0, %1 : i32
  %5 = arith.addi %4, %2 : i32
  return %5 : i32
}

