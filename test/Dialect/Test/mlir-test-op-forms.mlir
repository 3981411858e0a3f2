// MLIR's test-dialect ops that the upstream IR tests use, in their custom
// forms: the output (custom and generic) is byte-identical to mlir-opt
// 22's (the diffs).
// RUN: strata-opt --allow-unregistered-dialect %s > %t.strata
// RUN: FileCheck %s < %t.strata
// RUN: strata-opt --allow-unregistered-dialect %s --mlir-print-op-generic > %t.sg
// REQUIRES: mlir-opt
// RUN: mlir-opt --allow-unregistered-dialect %s > %t.mlir
// RUN: diff %t.strata %t.mlir
// RUN: mlir-opt --allow-unregistered-dialect %s --mlir-print-op-generic > %t.mg
// RUN: diff %t.sg %t.mg

// CHECK: %{{.*}}:3 = test.parse_integer_literal : 3
// CHECK: test.parse_integer_literal{{$}}
// CHECK: test.dialect_custom_printer custom_format
// CHECK: test.dialect_custom_format_fallback custom_format_fallback
// CHECK: %{{.*}} = test.format_optional_result_d_op : f80
// CHECK: test.format_optional_result_d_op{{$}}
// CHECK: test.graph_region attributes {y} {
func.func @forms() {
  test.parse_integer_literal : 3
  test.parse_integer_literal
  test.dialect_custom_printer custom_format
  test.dialect_custom_format_fallback custom_format_fallback
  test.format_optional_result_d_op : f80
  test.format_optional_result_d_op
  test.graph_region attributes {y} {
    %c = arith.constant 1 : i8
    "foo.end"(%c) : (i8) -> ()
  }
  return
}
