// RUN: strata-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: {{.*}}module-isolation.mlir:17:3: error: 'foo.use' op using value defined outside the region
// CHECK-NEXT: "foo.use"(%0) : (i32) -> ()
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}module-isolation.mlir:17:3: note: see current operation: "foo.use"(<<UNKNOWN SSA VALUE>>) : (i32) -> ()
// CHECK-NEXT: {{.*}}module-isolation.mlir:15:1: note: required by region isolation constraints
// CHECK-NEXT: module {
// CHECK-NEXT: ^

// A module is isolated from above: it cannot use values from outside.
%0 = "foo.def"() : () -> i32
// expected-note @+1 {{required by region isolation constraints}}
module {
  // expected-error @+1 {{'foo.use' op using value defined outside the region}}
  "foo.use"(%0) : (i32) -> ()
}
