// RUN: strata-opt %s --irdl-file=%S/Inputs/cmath.irdl.mlir | FileCheck %s
// RUN: strata-opt %s --irdl-file=%S/Inputs/cmath.irdl.mlir --mlir-print-op-generic | strata-opt --irdl-file=%S/Inputs/cmath.irdl.mlir | FileCheck %s
// RUN: mlir-opt %s | FileCheck %s --check-prefix=MLIR

// Every IRDL op in its custom syntax, printed back as written (mlir-opt
// accepts the same text; it prints ` ` before attribute dictionaries).

irdl.dialect @ex attributes {foo} {
  irdl.type @t {
    %0 = irdl.is i32 {a}
    %1 = irdl.any {b}
    %2 = irdl.all_of(%0, %1) {c}
    %3 = irdl.any_of(%0)
    irdl.parameters(p: %2, q: %3) {d}
  }
  irdl.attribute @at {
    %0 = irdl.base @ex::@t {e}
    %1 = irdl.base "!builtin.integer"
    irdl.parameters()
  }
  irdl.operation @op {
    %0 = irdl.any
    %1 = irdl.parametric @ex::@t<%0, %0> {f}
    %2 = irdl.c_pred "::llvm::isa<::mlir::IntegerType>($_self)" {g}
    %r0 = irdl.region
    %r1 = irdl.region(%0, %1)
    %r2 = irdl.region with size 3
    %r3 = irdl.region() with size 1 {h}
    irdl.operands(a: %0, b: optional %1, c: variadic %0) {i}
    irdl.results(o: %0, p: variadic %1)
    irdl.attributes {"x" = %0, "y\"q" = %1}
    irdl.regions(r: %r0, s: %r1, t: %r2, u: %r3)
  }
}

// CHECK:      irdl.dialect @ex attributes {foo} {
// CHECK-NEXT:   irdl.type @t {
// CHECK-NEXT:     %0 = irdl.is i32 {a}
// CHECK-NEXT:     %1 = irdl.any {b}
// CHECK-NEXT:     %2 = irdl.all_of(%0, %1) {c}
// CHECK-NEXT:     %3 = irdl.any_of(%0)
// CHECK-NEXT:     irdl.parameters(p: %2, q: %3) {d}
// CHECK-NEXT:   }
// CHECK-NEXT:   irdl.attribute @at {
// CHECK-NEXT:     %0 = irdl.base @ex::@t {e}
// CHECK-NEXT:     %1 = irdl.base "!builtin.integer"
// CHECK-NEXT:     irdl.parameters()
// CHECK-NEXT:   }
// CHECK-NEXT:   irdl.operation @op {
// CHECK-NEXT:     %0 = irdl.any
// CHECK-NEXT:     %1 = irdl.parametric @ex::@t<%0, %0> {f}
// CHECK-NEXT:     %2 = irdl.c_pred "::llvm::isa<::mlir::IntegerType>($_self)" {g}
// CHECK-NEXT:     %3 = irdl.region
// CHECK-NEXT:     %4 = irdl.region(%0, %1)
// CHECK-NEXT:     %5 = irdl.region with size 3
// CHECK-NEXT:     %6 = irdl.region() with size 1 {h}
// CHECK-NEXT:     irdl.operands(a: %0, b: optional %1, c: variadic %0) {i}
// CHECK-NEXT:     irdl.results(o: %0, p: variadic %1)
// CHECK-NEXT:     irdl.attributes {"x" = %0, "y\22q" = %1}
// CHECK-NEXT:     irdl.regions(r: %3, s: %4, t: %5, u: %6)
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: }
// MLIR: irdl.operands(a: %0, b: optional %1, c: variadic %0)
