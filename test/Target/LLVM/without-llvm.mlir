// A build without the `llvm` feature says so for both LLVM entry points.
// UNSUPPORTED: llvm
// RUN: not strata-translate --mlir-to-llvmir %s 2>&1 | FileCheck %s --check-prefix=TRANSLATE
// RUN: not strata-run %s --entry f --input 1 --target jit 2>&1 | FileCheck %s --check-prefix=JIT
// RUN: not strata-run %s --entry f --input 1 --jit 2>&1 | FileCheck %s --check-prefix=JIT
// TRANSLATE: error: --mlir-to-llvmir needs LLVM, but this strata-translate was built without the `llvm` feature
// JIT: error: --target jit needs LLVM, but this strata-run was built without the `llvm` feature

func.func @f(%a: i32) -> i32 {
  return %a : i32
}
