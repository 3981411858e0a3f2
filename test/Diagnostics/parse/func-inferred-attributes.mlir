// RUN: strata-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{'sym_visibility' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @legacy_visibility_syntax() attributes { sym_visibility = "private" }

// -----

// expected-error @+1 {{'sym_name' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func private @invalid_symbol_name_attr() attributes { sym_name = "x" }

// -----

// expected-error @+1 {{'function_type' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func private @invalid_function_type_attr() attributes { function_type = () -> () }
