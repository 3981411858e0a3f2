// The designators @above, @below, @+N and @-N.
// RUN: strata-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

"foo.a"() {a = 256 : i8} : () -> ()
// expected-error @above {{integer constant out of range}}

// -----

"foo.a"() {a = 256 : i8} : () -> ()
// expected-error @-1 {{integer constant out of range}}

// -----

// expected-error @below {{integer constant out of range}}
"foo.a"() {a = 256 : i8} : () -> ()

// -----

"foo.a"() {a = 256 : i8} : () -> () // expected-error {{integer constant out of range}}
