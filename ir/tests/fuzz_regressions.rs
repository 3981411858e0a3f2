//! Inputs found by the parser fuzz target (`fuzz/`, see docs/fuzzing.md),
//! minimized. Each must give IR or a diagnostic without panicking, and IR
//! that verifies must print to text that parses again.

#[path = "fuzz/oracle.rs"]
mod oracle;

use oracle::check;

/// An error inside a nested isolated-from-above region left its name scope
/// pushed, and the enclosing region then popped the wrong one.
#[test]
fn error_in_nested_isolated_region() {
    check("module {\n  module {\n    \"foo.a\"() : () -> ()\n  }\n}\n");
    check("module { module { ^bb0: \"t.br\"()[^nowhere] : () -> () } }");
}

/// A branch to the entry block of an unregistered op's region passed the
/// verifier; the printer leaves the entry label out, so the printed IR
/// referred to an undefined block.
#[test]
fn branch_to_entry_block_of_unregistered_op() {
    check("\"foo.region\"() ({\n^bb0:\n  \"foo.br\"()[^bb0] : () -> ()\n}) : () -> ()\n");
}
