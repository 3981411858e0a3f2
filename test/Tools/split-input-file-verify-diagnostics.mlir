// --verify-diagnostics with --split-input-file: each chunk's expectations
// are checked against that chunk's diagnostics, at the file's line numbers.
// RUN: strata-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// expected-error @+1 {{integer constant out of range for attribute}}
"foo.a"() {a = 256 : i8} : () -> ()

// -----

"foo.ok"() : () -> ()

// -----

// expected-note @below {{previously defined here}}
%0 = "foo.b"() : () -> i32
// expected-error @+1 {{redefinition of SSA value '%0'}}
%0 = "foo.c"() : () -> i32
