// strata-translate --mlir-to-llvmir: the C back end's ABI in LLVM IR.
// Integers travel zero-extended in their C containers (i3 in i8) and are
// computed at their own width; a memref is (ptr, offset, sizes, strides);
// several results come back through pointers; division checks call
// @strata_fail with the located message; f32 elementary functions are
// computed in double (llvm.exp.f64) and rounded once; the pipeline lowers
// scf to blocks first (the translator only translates, and says so of an
// scf op it is given).
// REQUIRES: llvm
// RUN: strata-opt --convert-scf-to-cf --mlir-print-debuginfo %s | strata-translate --mlir-to-llvmir | FileCheck %s
// RUN: strata-opt --convert-scf-to-cf --mlir-print-debuginfo %s | strata-translate --mlir-to-llvmir -o %t.ll
// RUN: FileCheck %s --input-file %t.ll
// RUN: not strata-translate --mlir-to-llvmir %s 2>&1 | FileCheck %s --check-prefix=SCF
// SCF: translate.mlir:[[#@LINE+36]]:8: error: 'scf.for' op the LLVM back end does not support the op 'scf.for' (lower it first: --convert-scf-to-cf)
// RUN: not strata-translate --mlir-to-llvmir %S/Inputs/unsupported.mlir 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK: @strata_msg = private unnamed_addr constant {{.*}} c"{{.*}}translate.mlir:[[#@LINE+7]]:8: error: division by zero\00"
// CHECK-LABEL: define i8 @wrap(i8 %0, i8 %1, ptr %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8)
// CHECK: trunc i8 %1 to i3
// CHECK: add i3
// CHECK: call void @strata_fail(i32 0, ptr @strata_msg, ptr null)
func.func @wrap(%a: i8, %b: i3, %m: memref<?x4xf32>, %i: index) -> i3 {
  %c = arith.addi %b, %b : i3
  %d = arith.divui %c, %b : i3
  // CHECK: fpext float {{.*}} to double
  // CHECK: call double @llvm.exp.f64(double
  // CHECK: fptrunc double {{.*}} to float
  %x = memref.load %m[%i, %i] : memref<?x4xf32>
  %y = math.exp %x : f32
  memref.store %y, %m[%i, %i] : memref<?x4xf32>
  // CHECK: zext i3 {{.*}} to i8
  // CHECK: ret i8
  return %d : i3
}

// CHECK-LABEL: define void @two(i32 %0, ptr %1, ptr %2)
// CHECK: store i32 {{.*}}, ptr %1
// CHECK: store i32 {{.*}}, ptr %2
func.func @two(%a: i32) -> (i32, i32) {
  %n = arith.subi %a, %a : i32
  return %a, %n : i32, i32
}

// CHECK-LABEL: define i64 @sum(i64 %0)
// CHECK: phi i64
// CHECK: icmp slt i64
func.func @sum(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %t = arith.addi %acc, %i : index
    scf.yield %t : index
  }
  return %s : index
}

// CHECK: declare void @strata_fail(i32, ptr, ptr)

// ERR: unsupported.mlir:[[#]]:{{[0-9]+}}: error: 'memref.generic_atomic_rmw' op the LLVM back end does not support the op 'memref.generic_atomic_rmw'
