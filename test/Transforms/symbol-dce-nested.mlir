// RUN: strata-opt -allow-unregistered-dialect %s -symbol-dce -split-input-file | FileCheck %s
// RUN: strata-opt -allow-unregistered-dialect %s -pass-pipeline="builtin.module(builtin.module(symbol-dce))" -split-input-file | FileCheck %s --check-prefix=NESTED

// Liveness through nested references and visibility of symbol tables, as
// MLIR's SymbolDCE: `@m::@f` keeps `@m` and `@f` (and what `@f` uses)
// alive; `nested` symbols may only be erased from a table no op outside
// can see (the top-level module, a private module, any table under them).

// CHECK: module attributes {test.simple} {
// CHECK-NEXT: func.func private @live_private()
// CHECK-NEXT: func.func nested @live_nested()
// CHECK-NEXT: func.func @public() {
// CHECK-NEXT: "test.user"() {uses = [@live_private, @live_nested]} : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:
// NESTED: module attributes {test.simple} {
// NESTED-NEXT: func.func private @dead_private()
// NESTED-NEXT: func.func nested @dead_nested()
// NESTED-NEXT: func.func private @live_private()
// NESTED-NEXT: func.func nested @live_nested()
// NESTED-NEXT: func.func @public() {
// NESTED-NEXT: "test.user"() {uses = [@live_private, @live_nested]} : () -> ()
// NESTED-NEXT: return
// NESTED-NEXT: }
// NESTED-NEXT: }
// NESTED-EMPTY:

module attributes {test.simple} {
  func.func private @dead_private()
  func.func nested @dead_nested()
  func.func private @live_private()
  func.func nested @live_nested()
  func.func @public() {
    "test.user"() {uses = [@live_private, @live_nested]} : () -> ()
    return
  }
}

// -----
// CHECK: module attributes {test.nested_reference} {
// CHECK-NEXT: module @public_module {
// CHECK-NEXT: func.func private @private_used_by_live()
// CHECK-NEXT: func.func nested @nested_used_from_outside() {
// CHECK-NEXT: "test.user"() {uses = [@private_used_by_live]} : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: "test.user"() {uses = [@public_module::@nested_used_from_outside]} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// NESTED: module attributes {test.nested_reference} {
// NESTED-NEXT: module @public_module {
// NESTED-NEXT: func.func nested @dead_nested()
// NESTED-NEXT: func.func private @private_used_by_live()
// NESTED-NEXT: func.func nested @nested_used_from_outside() {
// NESTED-NEXT: "test.user"() {uses = [@private_used_by_live]} : () -> ()
// NESTED-NEXT: return
// NESTED-NEXT: }
// NESTED-NEXT: }
// NESTED-NEXT: "test.user"() {uses = [@public_module::@nested_used_from_outside]} : () -> ()
// NESTED-NEXT: }
// NESTED-EMPTY:

module attributes {test.nested_reference} {
  module @public_module {
    func.func nested @dead_nested()
    func.func private @private_used_by_live()
    func.func nested @nested_used_from_outside() {
      "test.user"() {uses = [@private_used_by_live]} : () -> ()
      return
    }
  }
  "test.user"() {uses = [@public_module::@nested_used_from_outside]} : () -> ()
}

// -----
// CHECK: module attributes {test.call_through_nested_reference} {
// CHECK-NEXT: module @lib attributes {sym_visibility = "private"} {
// CHECK-NEXT: func.func nested @entry() {
// CHECK-NEXT: call @helper() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @helper() {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main() {
// CHECK-NEXT: "test.user"() {callee = @lib::@entry} : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-EMPTY:
// NESTED: module attributes {test.call_through_nested_reference} {
// NESTED-NEXT: module @lib attributes {sym_visibility = "private"} {
// NESTED-NEXT: }
// NESTED-NEXT: func.func @main() {
// NESTED-NEXT: "test.user"() {callee = @lib::@entry} : () -> ()
// NESTED-NEXT: return
// NESTED-NEXT: }
// NESTED-NEXT: }
// NESTED-EMPTY:

module attributes {test.call_through_nested_reference} {
  module @lib attributes {sym_visibility = "private"} {
    func.func nested @entry() {
      func.call @helper() : () -> ()
      return
    }
    func.func private @helper() {
      return
    }
    func.func private @unused() {
      return
    }
  }
  func.func @main() {
    "test.user"() {callee = @lib::@entry} : () -> ()
    return
  }
}

// -----
// CHECK: module attributes {test.table_visibility} {
// CHECK-NEXT: module @public_module {
// CHECK-NEXT: }
// CHECK-NEXT: module @nested_module attributes {sym_visibility = "nested"} {
// CHECK-NEXT: }
// CHECK-NEXT: module @private_module attributes {sym_visibility = "private"} {
// CHECK-NEXT: }
// CHECK-NEXT: "test.user"() {uses = [@nested_module, @private_module]} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// NESTED: module attributes {test.table_visibility} {
// NESTED-NEXT: module @public_module {
// NESTED-NEXT: func.func nested @nested_in_public()
// NESTED-NEXT: }
// NESTED-NEXT: module @nested_module attributes {sym_visibility = "nested"} {
// NESTED-NEXT: func.func nested @nested_in_nested()
// NESTED-NEXT: }
// NESTED-NEXT: module @private_module attributes {sym_visibility = "private"} {
// NESTED-NEXT: }
// NESTED-NEXT: "test.user"() {uses = [@nested_module, @private_module]} : () -> ()
// NESTED-NEXT: }
// NESTED-EMPTY:

module attributes {test.table_visibility} {
  module @public_module {
    func.func nested @nested_in_public()
  }
  module @nested_module attributes {sym_visibility = "nested"} {
    func.func nested @nested_in_nested()
  }
  module @private_module attributes {sym_visibility = "private"} {
    func.func nested @nested_in_private()
  }
  "test.user"() {uses = [@nested_module, @private_module]} : () -> ()
}

// -----
// CHECK: module attributes {test.unknown_references} {
// CHECK-NEXT: func.func private @live_private()
// CHECK-NEXT: "test.user"() {uses = [@live_private]} : () -> ()
// CHECK-NEXT: "test.user"() {uses = [@unknown_symbol, @live_private::@not_a_table]} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// NESTED: module attributes {test.unknown_references} {
// NESTED-NEXT: func.func private @dead_private()
// NESTED-NEXT: func.func private @live_private()
// NESTED-NEXT: "test.user"() {uses = [@live_private]} : () -> ()
// NESTED-NEXT: "test.user"() {uses = [@unknown_symbol, @live_private::@not_a_table]} : () -> ()
// NESTED-NEXT: }
// NESTED-EMPTY:

module attributes {test.unknown_references} {
  func.func private @dead_private()
  func.func private @live_private()
  "test.user"() {uses = [@live_private]} : () -> ()
  "test.user"() {uses = [@unknown_symbol, @live_private::@not_a_table]} : () -> ()
}

// -----
// CHECK: module attributes {test.table_inside_region} {
// CHECK-NEXT: "test.region"() ({
// CHECK-NEXT: builtin.module {
// CHECK-NEXT: func.func private @private_used() {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @public() {
// CHECK-NEXT: call @private_used() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: "test.finish"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// NESTED: module attributes {test.table_inside_region} {
// NESTED-NEXT: "test.region"() ({
// NESTED-NEXT: builtin.module {
// NESTED-NEXT: func.func nested @nested_dead() {
// NESTED-NEXT: return
// NESTED-NEXT: }
// NESTED-NEXT: func.func private @private_used() {
// NESTED-NEXT: return
// NESTED-NEXT: }
// NESTED-NEXT: func.func @public() {
// NESTED-NEXT: call @private_used() : () -> ()
// NESTED-NEXT: return
// NESTED-NEXT: }
// NESTED-NEXT: }
// NESTED-NEXT: "test.finish"() : () -> ()
// NESTED-NEXT: }) : () -> ()
// NESTED-NEXT: }
// NESTED-EMPTY:

module attributes {test.table_inside_region} {
  "test.region"() ({
    module {
      func.func nested @nested_dead() {
        return
      }
      func.func private @private_used() {
        return
      }
      func.func @public() {
        func.call @private_used() : () -> ()
        return
      }
    }
    "test.finish"() : () -> ()
  }) : () -> ()
}
