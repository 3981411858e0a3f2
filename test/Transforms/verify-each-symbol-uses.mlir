// RUN: strata-opt %s -split-input-file -verify-diagnostics --verify-each --pass-pipeline='builtin.module(func.func(canonicalize,cse))' | FileCheck %s
// RUN: strata-opt %s -split-input-file -verify-diagnostics --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse))' | FileCheck %s

// Function bodies are verified after each nested pass while they are moved
// out of their module: ops that name symbols (calls, function constants,
// globals) check them with the module's symbol uses instead.

// The indirect call of a known function becomes a direct one
// (canonicalize); the function value is also returned, so it stays.
// CHECK-LABEL: func.func @callee
// CHECK-LABEL: func.func @caller
// CHECK:         %[[F:.*]] = constant @callee
// CHECK:         %[[R0:.*]] = call @callee
// CHECK:         %[[R1:.*]] = call @callee(%[[R0]])
// CHECK:         %[[M:.*]] = memref.get_global @g
// CHECK:         return %[[R1]], %[[M]], %[[F]]
memref.global "private" @g : memref<4xf32>
func.func @callee(%a: i32) -> i32 {
  return %a : i32
}
func.func @caller(%a: i32) -> (i32, memref<4xf32>, (i32) -> i32) {
  %0 = call @callee(%a) : (i32) -> i32
  %f = constant @callee : (i32) -> i32
  %1 = call_indirect %f(%0) : (i32) -> i32
  %m = memref.get_global @g : memref<4xf32>
  return %1, %m, %f : i32, memref<4xf32>, (i32) -> i32
}

// -----

func.func @dangling(%a: i32) -> i32 {
  // expected-error @+1 {{'func.call' op 'missing' does not reference a valid function}}
  %0 = call @missing(%a) : (i32) -> i32
  return %0 : i32
}

// -----

// A flat reference resolves in the nearest symbol table only: a nested
// module does not see its parent's functions or globals.
func.func private @outer()
memref.global "private" @outer_global : memref<4xf32>
module @inner {
  func.func @f() {
    // expected-error @+1 {{'func.call' op 'outer' does not reference a valid function}}
    call @outer() : () -> ()
    return
  }
}

// -----

memref.global "private" @outer_global : memref<4xf32>
module @inner {
  func.func @f() -> memref<4xf32> {
    // expected-error @+1 {{'memref.get_global' op 'outer_global' does not reference a valid global memref}}
    %m = memref.get_global @outer_global : memref<4xf32>
    return %m : memref<4xf32>
  }
}
