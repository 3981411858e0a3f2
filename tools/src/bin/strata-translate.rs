//! strata-translate: Strata's translation driver, mlir-translate compatible.

fn main() -> std::process::ExitCode {
    strata_tools::translate::translate_main(strata_dialects::context(), std::env::args())
}
