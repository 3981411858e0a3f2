// `test.symbol_scope` is a symbol table (as in MLIR's test dialect), so a
// call inside it resolves to the function it defines, and symbol-dce
// erases the private function nothing uses there. The output is
// byte-identical to mlir-opt 22's (the diff).
// RUN: strata-opt %s --allow-unregistered-dialect --symbol-dce > %t.strata
// RUN: FileCheck %s < %t.strata
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --allow-unregistered-dialect --symbol-dce > %t.mlir
// RUN: diff %t.strata %t.mlir

// CHECK: "test.symbol_scope"() ({
// CHECK-NEXT: func.func private @used() {
// CHECK-NOT: @dead
// CHECK: func.call @used() : () -> ()
module {
  "test.one_region_op"() ({
    "test.symbol_scope"() ({
      func.func private @dead() {
        return
      }
      func.func private @used() {
        return
      }
      func.call @used() : () -> ()
      "test.finish"() : () -> ()
    }) : () -> ()
    "test.finish"() : () -> ()
  }) : () -> ()
}
