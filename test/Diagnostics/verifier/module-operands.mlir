// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}module-operands.mlir:13:1: error: 'builtin.module' op requires zero operands
// CHECK-NEXT: "builtin.module"(%0) ({
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}module-operands.mlir:13:1: note: see current operation:
// CHECK-NEXT: "builtin.module"(<<UNKNOWN SSA VALUE>>) ({
// CHECK-NEXT: }) : (i32) -> ()

%0 = "foo.def"() : () -> i32
// expected-error @+1 {{'builtin.module' op requires zero operands}}
"builtin.module"(%0) ({
}) : (i32) -> ()
