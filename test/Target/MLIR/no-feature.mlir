// Without the `mlir` feature the bridge's flags say so.
// UNSUPPORTED: mlir
// RUN: not strata-translate --export-mlir %s 2>&1 | FileCheck %s
// RUN: not strata-translate --import-mlir %s 2>&1 | FileCheck %s
// CHECK: error: --{{export|import}}-mlir needs upstream MLIR, but this binary was built without the `mlir` feature

func.func @f() {
  return
}
