//! strata-compile: one function of a program to a shared library (or C
//! source) with a C header.
//!
//! `strata-compile FILE --entry NAME -o libX.so [--header X.h] [--pipeline P]`

fn main() -> std::process::ExitCode {
    strata_tools::args::exit_quietly_on_closed_pipe();
    strata_tools::compile::compile_main(strata_dialects::context(), std::env::args())
}
