// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}cast-generic-ok-and-module-bad.mlir:15:1: error: 'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'bad'
// CHECK-NEXT: module attributes {bad = 1 : i32} {
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}cast-generic-ok-and-module-bad.mlir:15:1: note: see current operation:
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: }) {bad = 1 : i32} : () -> ()

%0 = "foo.def"() : () -> i32
%1 = builtin.unrealized_conversion_cast %0 : i32 to f32
// expected-error @+1 {{'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'bad'}}
module attributes {bad = 1 : i32} {
}
