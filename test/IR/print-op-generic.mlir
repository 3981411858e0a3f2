// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK: module @m {
// CHECK-NEXT: %0 = "foo.def"() : () -> i32
// CHECK-NEXT: %1 = unrealized_conversion_cast %0 : i32 to f32
// CHECK-NEXT: }
// CHECK-EMPTY:
// GENERIC: "builtin.module"() <{sym_name = "m"}> ({
// GENERIC-NEXT: %0 = "foo.def"() : () -> i32
// GENERIC-NEXT: %1 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> f32
// GENERIC-NEXT: }) : () -> ()
// GENERIC-EMPTY:

module @m {
  %0 = "foo.def"() : () -> i32
  %1 = builtin.unrealized_conversion_cast %0 : i32 to f32
}
