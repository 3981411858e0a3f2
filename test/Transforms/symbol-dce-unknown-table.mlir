// RUN: strata-opt -allow-unregistered-dialect %s -symbol-dce -split-input-file -verify-diagnostics

// An op of an unloaded dialect with one region may be a symbol table: the
// uses inside it cannot be resolved, so symbol-dce fails instead of
// erasing what it might use.
module {
  func.func private @private_symbol()

  // expected-error@+1 {{operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses}}
  "foo.possibly_unknown_symbol_table"() ({
  }) : () -> ()
}

// -----

// The same op nested in a live function: the function holds the uses.
module {
  func.func private @private_symbol()

  // expected-error@+1 {{operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses}}
  func.func @public() {
    "foo.possibly_unknown_symbol_table"() ({
      "foo.user"() {uses = [@private_symbol]} : () -> ()
    }) : () -> ()
    return
  }
}
