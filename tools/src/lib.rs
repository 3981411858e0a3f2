//! The drivers behind Strata's command-line tools, as libraries.
//!
//! `strata-opt` is [`opt::opt_main`] over a context with Strata's dialects;
//! an out-of-tree project builds its own opt tool by calling the same
//! function with a context that also holds its dialects (MLIR's
//! `MlirOptMain`).

pub mod args;
pub mod compile;
pub mod equivalence;
pub mod mlir;
pub mod opt;
pub mod pipeline;
pub mod run;
pub mod run_aie;
pub mod run_c;
#[cfg(feature = "llvm")]
pub mod run_jit;
pub mod run_vta;
pub mod target_pipeline;
pub mod translate;
