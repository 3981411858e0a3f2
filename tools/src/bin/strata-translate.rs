//! strata-translate: Strata's translation driver, mlir-translate compatible.

fn main() -> std::process::ExitCode {
    strata_tools::args::exit_quietly_on_closed_pipe();
    strata_tools::translate::translate_main(strata_dialects::context(), std::env::args())
}
