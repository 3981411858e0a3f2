//! strata-run: runs a function of an MLIR file with the reference
//! interpreter.
//!
//! `strata-run FILE --entry NAME [--input a.npy|LITERAL ...] [--output r.npy ...]
//! [--print] [--random-inputs --seed N] [--target interp]`

fn main() -> std::process::ExitCode {
    strata_tools::args::exit_quietly_on_closed_pipe();
    strata_tools::run::run_main(strata_dialects::context(), std::env::args())
}
