//! strata-opt: Strata's modular optimizer driver, mlir-opt compatible.

fn main() -> std::process::ExitCode {
    strata_tools::opt::opt_main(strata_dialects::context(), std::env::args())
}
