//! strata-opt: Strata's modular optimizer driver, mlir-opt compatible.

fn main() -> std::process::ExitCode {
    strata_tools::args::exit_quietly_on_closed_pipe();
    let mut ctx = strata_dialects::context();
    // The test dialect is always available, as MLIR's is in mlir-opt.
    strata_dialect_test::register(&mut ctx);
    strata_tools::opt::opt_main(ctx, std::env::args())
}
