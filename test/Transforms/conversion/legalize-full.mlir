// RUN: strata-opt %s -split-input-file -verify-diagnostics -test-legalize-patterns="test-legalize-mode=full" | FileCheck %s

// Full conversion: every op must end up legal.

// CHECK-LABEL: func.func @all_legal
// CHECK-NEXT:    "test.legal"(%arg0) : (i32) -> ()
// CHECK-NEXT:    return
func.func @all_legal(%arg0: i32) {
  "test.illegal"(%arg0) : (i32) -> ()
  return
}

// -----

func.func @unknown_op_remains(%arg0: i32) -> i32 {
  // expected-error @+1 {{failed to legalize operation 'test.pure'}}
  %0 = "test.pure"(%arg0) : (i32) -> i32
  return %0 : i32
}

// -----

// An op of unknown legality nested in an illegal op is reported too.
func.func @nested_unknown() {
  "test.illegal"() ({
    // expected-error @+1 {{failed to legalize operation 'test.write'}}
    "test.write"() : () -> ()
    "test.yield"() : () -> ()
  }) : () -> ()
  return
}
