// RUN: strata-opt %s -split-input-file -symbol-dce | FileCheck %s

// CHECK-LABEL: module
// CHECK-NOT:     @dead_private
// CHECK:         func.func @public
// CHECK:         func.func private @used
// CHECK-NOT:     @dead_private
module {
  func.func private @dead_private() {
    return
  }
  func.func @public() {
    func.call @used() : () -> ()
    return
  }
  func.func private @used() {
    return
  }
}

// -----

// Symbols referenced only by dead symbols die with them.
// CHECK-LABEL: module
// CHECK-NEXT:  }
module {
  func.func private @a() {
    func.call @b() : () -> ()
    return
  }
  func.func private @b() {
    return
  }
}

